# fgo tables build --proof under simple ko alone (--rules simple-forced): the game states of
# the proof, some keyed with their ko point. Needs ${FGO}, ${DIR}.
# 1. 3x3: built, then accepted by fgo tables verify --proof --rules simple-forced (root value
#    9) and refused under positional superko (the header's ko rule differs).
# 2. 3x3 again with two ABDADA threads (--threads 2 --abdada), and with two walkers
#    (--walkers 2): each accepted by the same check.
# 3. 3x5 with the optional rules (--answers --held 2 --links): accepted when checked with
#    them, found broken without them (their leaves are not leaves then).
# 4. The same table under positional superko (--superko): some of its kept moves repeat a
#    board, and the searches of those positions with their history show the value; with
#    one node a search those searches stay open and the check fails (status 1).
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
set(FORCED --rules simple-forced --first-best --first-only)
# Builds 3x3's table into ${DIR}/NAME with the extra build options and requires the check
# under simple-forced rules to accept it.
function(build_and_check_3x3 name)
  execute_process(COMMAND ${FGO} tables build --solve 3x3 --proof ${FORCED} --guess 9 ${ARGN}
                          --out ${DIR}/${name} -q RESULT_VARIABLE rc OUTPUT_VARIABLE out
                          ERROR_VARIABLE err)
  string(FIND "${out}" "root value 9," said)
  if(NOT rc EQUAL 0 OR said EQUAL -1)
    message(FATAL_ERROR "3x3 simple-forced build (${ARGN}): status ${rc}\n${out}\n${err}")
  endif()
  execute_process(COMMAND ${FGO} tables verify ${DIR}/${name} --proof --rules simple-forced
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(FIND "${out}" "proof ok: ${DIR}/${name}: root value 9;" said)
  if(NOT rc EQUAL 0 OR said EQUAL -1)
    message(FATAL_ERROR "verify --proof --rules simple-forced (${ARGN}): status ${rc}\n${out}\n${err}")
  endif()
endfunction()

build_and_check_3x3(f.fgt)
execute_process(COMMAND ${FGO} tables verify ${DIR}/f.fgt --proof RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${err}" "ko" said)
if(NOT rc EQUAL 1 OR said EQUAL -1)
  message(FATAL_ERROR "verify --proof under psk: status ${rc}\n${out}\n${err}")
endif()

build_and_check_3x3(a.fgt --threads 2 --abdada)
build_and_check_3x3(w.fgt --walkers 2)

set(RULES --answers --held 2 --links)
execute_process(COMMAND ${FGO} tables build --solve 3x5 --proof ${FORCED} --guess 15 ${RULES}
                        --out ${DIR}/o.fgt -q RESULT_VARIABLE rc OUTPUT_VARIABLE out
                        ERROR_VARIABLE err)
string(FIND "${out}" "root value 15," said)
if(NOT rc EQUAL 0 OR said EQUAL -1)
  message(FATAL_ERROR "3x5 build with the optional rules: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/o.fgt --proof --rules simple-forced ${RULES}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "proof ok: ${DIR}/o.fgt: root value 15;" said)
if(NOT rc EQUAL 0 OR said EQUAL -1)
  message(FATAL_ERROR "verify with the optional rules: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/o.fgt --proof --rules simple-forced
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "proof BROKEN" said)
if(NOT rc EQUAL 1 OR said EQUAL -1)
  message(FATAL_ERROR "verify without the optional rules: status ${rc}\n${out}\n${err}")
endif()

execute_process(COMMAND ${FGO} tables verify ${DIR}/o.fgt --proof --rules simple-forced ${RULES}
                        --superko RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "superko ok: ${DIR}/o.fgt:" said)
string(REGEX MATCH "; ([1-9][0-9]*) moves repeating a board" repeats "${out}")
if(NOT rc EQUAL 0 OR said EQUAL -1 OR NOT repeats)
  message(FATAL_ERROR "verify --superko: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} tables verify ${DIR}/o.fgt --proof --rules simple-forced ${RULES}
                        --superko --search-nodes 1
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "superko NOT SHOWN: ${DIR}/o.fgt:" said)
if(NOT rc EQUAL 1 OR said EQUAL -1)
  message(FATAL_ERROR "verify --superko --search-nodes 1: status ${rc}\n${out}\n${err}")
endif()
