# hd_add_build_paths(PROGRAMS target...): the library hd_build_paths, whose one generated file
# (tests/support/build_paths.hpp, from build_paths.cpp.in) names this build's source folder,
# scenario data, artifacts folder and the path of each listed program. Kept out of every other
# object's compile flags, so that the objects of tests and fuzz targets are the same in every clone
# and the compiler cache serves them (issue 30). A listed program this build leaves out (the window
# client in the TSan suite) gets an empty path. Called by tests/ and, in a fuzz build without the
# tests, by tests/fuzz/.
function(hd_add_build_paths)
  cmake_parse_arguments(P "" "" "PROGRAMS" ${ARGN})
  set(_support ${PROJECT_SOURCE_DIR}/tests/support)
  list(LENGTH P_PROGRAMS HD_BUILT_PROGRAM_COUNT)
  set(HD_BUILT_PROGRAM_ENTRIES "")
  foreach(_program IN LISTS P_PROGRAMS)
    string(APPEND HD_BUILT_PROGRAM_ENTRIES
           "    {\"${_program}\", \"$<$<TARGET_EXISTS:${_program}>:$<TARGET_FILE:${_program}>>\"},\n")
  endforeach()
  configure_file(${_support}/build_paths.cpp.in ${CMAKE_CURRENT_BINARY_DIR}/build_paths.cpp.configured @ONLY)
  file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/build_paths.cpp
       INPUT ${CMAKE_CURRENT_BINARY_DIR}/build_paths.cpp.configured)
  add_library(hd_build_paths STATIC ${CMAKE_CURRENT_BINARY_DIR}/build_paths.cpp)
  target_include_directories(hd_build_paths PUBLIC ${_support})
  target_compile_options(hd_build_paths PRIVATE ${HD_WARNINGS})
endfunction()
