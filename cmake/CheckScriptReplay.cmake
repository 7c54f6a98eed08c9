# Usage: cmake -DHD_SCRIPT=<hd_script> -DRECORD=<file.rec> [-DRULES_VERSION=<n>] [-DARGS=<a;b>]
#              [-DEXPECT_REFUSAL=<regex>] -P CheckScriptReplay.cmake
# Runs hd_script on a record (docs/notation.md, "Records") with only ARGS on the command line.
# Without EXPECT_REFUSAL: it must exit 0 and print the record's "# final-hash:" as its "hash:", i.e.
# replay the game the record's header names. With EXPECT_REFUSAL: it must exit 2 with stderr matching
# it. RULES_VERSION first rewrites the header's --rules-version (into a copy of the record).
foreach(_var HD_SCRIPT RECORD)
  if(NOT ${_var})
    message(FATAL_ERROR "${_var} is not set")
  endif()
endforeach()
file(READ "${RECORD}" _text)
if(DEFINED RULES_VERSION)
  string(REGEX REPLACE "--rules-version [0-9]+" "--rules-version ${RULES_VERSION}" _changed "${_text}")
  if(_changed STREQUAL _text)
    message(FATAL_ERROR "${RECORD} names no rules version to change")
  endif()
  get_filename_component(_name "${RECORD}" NAME)
  set(RECORD "${CMAKE_CURRENT_BINARY_DIR}/rules-version-${RULES_VERSION}-${_name}")
  file(WRITE "${RECORD}" "${_changed}")
endif()
execute_process(COMMAND "${HD_SCRIPT}" ${ARGS} "${RECORD}" RESULT_VARIABLE _status OUTPUT_VARIABLE _out
                ERROR_VARIABLE _err)
if(EXPECT_REFUSAL)
  if(NOT _status EQUAL 2 OR NOT _err MATCHES "${EXPECT_REFUSAL}")
    message(FATAL_ERROR "expected exit 2 and '${EXPECT_REFUSAL}'; got ${_status}:\n${_err}")
  endif()
  message(STATUS "refused as expected: ${_err}")
  return()
endif()
string(REGEX MATCH "# final-hash: ([0-9a-f]+)" _pinned "${_text}")
if(NOT _pinned)
  message(FATAL_ERROR "${RECORD} has no final hash")
endif()
if(NOT _status EQUAL 0 OR NOT _out MATCHES "hash: ${CMAKE_MATCH_1}")
  message(FATAL_ERROR "expected exit 0 and hash ${CMAKE_MATCH_1}; got ${_status}:\n${_out}\n${_err}")
endif()
message(STATUS "replayed to ${CMAKE_MATCH_1}")
