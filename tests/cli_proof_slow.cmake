# fgo tables build --proof --name-slow 0: every solve that reports from inside itself is
# "slow", so stderr names a position as a one-line diagram (4 rows of 4 points for 4x4)
# that fgo solve --position reads back. Needs ${FGO}, ${DIR}.
file(REMOVE_RECURSE ${DIR})
file(MAKE_DIRECTORY ${DIR})
execute_process(COMMAND ${FGO} tables build --solve 4x4 --proof --first-best --name-slow 0
                        --checkpoint-seconds 0.05 --out ${DIR}/p.fgt
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "build: status ${rc}\n${out}\n${err}")
endif()
string(REGEX MATCH "has been solving for [0-9]+ s: ([XO.][XO.][XO.][XO.](/[XO.][XO.][XO.][XO.])(/[XO.][XO.][XO.][XO.])(/[XO.][XO.][XO.][XO.])) \\(Black to move\\)"
       named "${err}")
if(NOT named)
  message(FATAL_ERROR "no position named on stderr:\n${err}")
endif()
execute_process(COMMAND ${FGO} solve --size 4x4 --position ${CMAKE_MATCH_1} --value-only
                        --json --max-seconds 1
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "fgo solve --position ${CMAKE_MATCH_1}: status ${rc}\n${out}\n${err}")
endif()
file(REMOVE_RECURSE ${DIR})
