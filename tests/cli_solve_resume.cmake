# fgo solve --checkpoint: a run stopped by its node limit saves the solver's table, and a
# second run loads it ("resumed") and still finds 3x3 = +9. Needs ${FGO} and ${DIR}.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
set(ARGS solve --size 3x3 --value-only --json --checkpoint ${DIR}/s.fgs)
execute_process(COMMAND ${FGO} ${ARGS} --max-nodes 200 RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${DIR}/s.fgs)
  message(FATAL_ERROR "first run: status ${rc}, no checkpoint?\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${err}" "resumed" resumed)
string(FIND "${out}" "\"value\": 9, \"exact\": true" solved)
if(NOT rc EQUAL 0 OR resumed EQUAL -1 OR solved EQUAL -1)
  message(FATAL_ERROR "second run: status ${rc}\n${out}\n${err}")
endif()
# A checkpoint saved under other rules is refused with a clear error and status 1.
execute_process(COMMAND ${FGO} ${ARGS} --rules simple RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
string(FIND "${err}" "rules are" said)
if(NOT rc EQUAL 1 OR said EQUAL -1)
  message(FATAL_ERROR "other rules: status ${rc}\n${err}")
endif()
file(REMOVE_RECURSE ${DIR})
