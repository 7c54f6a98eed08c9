// Where this build's sources and programs are: the source folder it was configured from, the
// scenario data in it, the folder for artifacts and the path of each program it builds. Fixed when
// CMake generates the build (cmake/BuildPaths.cmake writes build_paths.cpp into the build folder) and
// kept out of every other file's compile flags, so that the test objects are the same in every clone
// of the sources and the compiler cache serves them to each (issue 30).
#pragma once

#include <string>
#include <string_view>

namespace hd::test {

// The source folder (absolute).
std::string source_dir();
// The shipped scenario data: source_dir() + "/scenarios".
std::string data_root();
// BUILD/artifacts: screenshots and logs the client tests keep for a reader.
std::string artifacts_dir();
// The path of a program built here, by its CMake target name ("hd_server", "hd_client"...). Throws
// std::invalid_argument for a name that is not one of them or a program this build leaves out (the
// window client in a build without it).
std::string built_program(std::string_view target);

}  // namespace hd::test
