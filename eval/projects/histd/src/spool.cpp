// Spool reader: one command per "*.cmd" file, whitespace-separated words.
// Files are removed once read so a command runs only once.
#include "spool.h"

#include "log.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace histd {

std::vector<SpoolCommand> readSpool(const std::string &dir) {
  std::vector<std::pair<fs::file_time_type, fs::path>> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".cmd")
      files.emplace_back(it->last_write_time(ec), it->path());
  }
  std::sort(files.begin(), files.end());

  std::vector<SpoolCommand> out;
  for (const auto &f : files) {
    std::ifstream in(f.second);
    std::string line;
    std::getline(in, line);
    in.close();
    fs::remove(f.second, ec);

    std::istringstream words(line);
    SpoolCommand cmd;
    cmd.file = f.second.filename().string();
    if (!(words >> cmd.verb)) {
      log::warn("spool: %s is empty", cmd.file.c_str());
      continue;
    }
    for (std::string w; words >> w;)
      cmd.args.push_back(w);
    out.push_back(std::move(cmd));
  }
  return out;
}

} // namespace histd
