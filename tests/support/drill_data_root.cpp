#include "drill_data_root.hpp"

#include "build_paths.hpp"

#include <utility>

namespace hd::test {

namespace fs = std::filesystem;

fs::path drill_data_root(const fs::path& dir, const std::string& drill) {
  const fs::path root = dir / "data";
  fs::create_directories(root);
  const fs::path shipped = fs::path(hd::test::data_root());
  for (const char* part : {"map", "armies", "tables", "turn-track.txt"}) {
    // A link left by an earlier run may point into a checkout that is gone: made afresh.
    if (fs::is_symlink(fs::symlink_status(root / part))) fs::remove(root / part);
    fs::create_symlink(shipped / part, root / part);
  }
  fs::create_directories(root / drill);
  fs::copy_file(fs::path(hd::test::source_dir()) / "tests/terminal/data" / drill / "scenario.txt",
                root / drill / "scenario.txt", fs::copy_options::overwrite_existing);
  return root;
}

DrillServer drill_server(const fs::path& dir, const std::string& drill, std::vector<std::string> args) {
  fs::remove_all(dir);
  fs::path root = drill_data_root(dir, drill);
  args.push_back("--data-root");
  args.push_back(root.string());
  return DrillServer{std::move(root), ServerProcess{ServerOptions{std::move(args), {}}}};
}

}  // namespace hd::test
