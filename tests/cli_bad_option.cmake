# Runs ${FGO} with the list ${ARGS}; fails unless it exits with status 2 and prints
# ${MESSAGE} on stderr (fgo's usage errors, tools/command.hpp).
execute_process(COMMAND ${FGO} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "expected exit status 2, got ${rc}\nstdout: ${out}\nstderr: ${err}")
endif()
string(FIND "${err}" "${MESSAGE}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "stderr lacks '${MESSAGE}': ${err}")
endif()
