# fgo solve --proof-depth: 3x3 under simple ko, "Black gets all 9 points" needs 11 plies
# (the library's test checks that depth against a slow twin); the JSON names the line from
# the empty board to a position the static bounds settle. Needs ${FGO}.
execute_process(COMMAND ${FGO} solve --size 3x3 --rules simple-forced --proof-depth 9 --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "\"target\": 9, \"depth\": 11, \"complete\": true" found)
string(FIND "${out}" "{\"position\": \".../.../...\", \"to_move\": \"B\", \"depth\": 11, \"move\": \"B2\"}" first)
string(FIND "${out}" "\"depth\": 0, \"move\": null}]" last)
string(FIND "${out}" "\"stopped\": false" unstopped)
if(NOT rc EQUAL 0 OR found EQUAL -1 OR first EQUAL -1 OR last EQUAL -1 OR unstopped EQUAL -1)
  message(FATAL_ERROR "status ${rc}\n${out}\n${err}")
endif()
# With the prover's look past the horizon (--horizon-lookahead), one ply fewer: Black's
# last move, which the static bounds settle, lies past the horizon.
execute_process(COMMAND ${FGO} solve --size 3x3 --rules simple-forced --proof-depth 9 --json
                        --horizon-lookahead
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "\"target\": 9, \"depth\": 10, \"complete\": true" found)
if(NOT rc EQUAL 0 OR found EQUAL -1)
  message(FATAL_ERROR "lookahead: status ${rc}\n${out}\n${err}")
endif()
# With two captures a line that use no ply (--capture-extensions 2), 9 plies (the library's
# test checks the depth against a twin that extends the same captures).
execute_process(COMMAND ${FGO} solve --size 3x3 --rules simple-forced --proof-depth 9 --json
                        --capture-extensions 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "\"target\": 9, \"depth\": 9," found)
if(NOT rc EQUAL 0 OR found EQUAL -1)
  message(FATAL_ERROR "capture extensions: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} solve --size 3x3 --capture-extensions 65
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${err}" "--capture-extensions must be between 0 and 64" said)
if(rc EQUAL 0 OR said EQUAL -1)
  message(FATAL_ERROR "65 capture extensions: status ${rc}\n${out}\n${err}")
endif()
# Self-ataris share that budget (--self-atari-extensions); alone they are refused.
execute_process(COMMAND ${FGO} solve --size 3x3 --rules simple-forced --proof-depth 9 --json
                        --capture-extensions 2 --self-atari-extensions
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "\"target\": 9, \"depth\": " found)
if(NOT rc EQUAL 0 OR found EQUAL -1)
  message(FATAL_ERROR "self-atari extensions: status ${rc}\n${out}\n${err}")
endif()
execute_process(COMMAND ${FGO} solve --size 3x3 --self-atari-extensions
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${err}" "--self-atari-extensions needs --capture-extensions" said)
if(rc EQUAL 0 OR said EQUAL -1)
  message(FATAL_ERROR "self-atari extensions alone: status ${rc}\n${out}\n${err}")
endif()
# A question beyond the horizons tried has no depth, and says so.
execute_process(COMMAND ${FGO} solve --size 3x3 --rules simple-forced --proof-depth 9
                        --max-depth 6 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "not proven at horizons 1 to 6" said)
if(NOT rc EQUAL 0 OR said EQUAL -1)
  message(FATAL_ERROR "max depth 6: status ${rc}\n${out}\n${err}")
endif()
# A time limit stops the walk (and the test that runs) and says so: 4x5 at horizon 40
# takes minutes.
execute_process(COMMAND ${FGO} solve --size 4x5 --rules simple-forced --proof-depth 20
                        --first-depth 40 --tt-log2 16 --max-seconds 0.3 --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(FIND "${out}" "\"depth\": -1, \"complete\": false" open)
string(FIND "${out}" "\"stopped\": true" stopped)
if(NOT rc EQUAL 0 OR open EQUAL -1 OR stopped EQUAL -1)
  message(FATAL_ERROR "time limit: status ${rc}\n${out}\n${err}")
endif()
