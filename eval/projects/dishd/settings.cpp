// DishSettings loading. load() reads sections until readSection reports EOF;
// when readSection fails it has already closed the stream and load() throws,
// so the final fclose only runs on the success path. Include files are read
// with one std::ifstream that is reopened for each file.
#include "settings.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

namespace {
std::string trimmed(const std::string &s) {
  const auto b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return {};
  const auto e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> splitList(const std::string &text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (std::string t = trimmed(item); !t.empty())
      out.push_back(std::move(t));
  }
  return out;
}
} // namespace

DishSettings DishSettings::load(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (fp == nullptr)
    throw std::runtime_error("cannot open settings " + path + ": " +
                             std::strerror(errno));
  DishSettings settings;
  SettingsSection section;
  std::string error;
  for (;;) {
    if (!readSection(fp, section, error))
      throw std::runtime_error("settings " + path + ": " + error);
    if (section.name.empty())
      break;
    settings.merge(section);
  }
  std::fclose(fp); // OK

  const std::vector<std::string> includes = settings.list("dishd", "include");
  if (!includes.empty())
    settings.readIncludes(includes);
  return settings;
}

void DishSettings::readIncludes(const std::vector<std::string> &paths) {
  std::ifstream in;
  for (const std::string &p : paths) {
    in.open(p);
    if (!in.is_open()) {
      std::fprintf(stderr, "dishd: include %s not readable, skipped\n",
                   p.c_str());
      in.clear();
      continue;
    }
    SettingsSection current;
    std::string line;
    while (std::getline(in, line)) { // OK
      line = trimmed(line);
      if (line.empty() || line[0] == '#')
        continue;
      if (line.front() == '[' && line.back() == ']') {
        if (!current.name.empty())
          merge(current);
        current = SettingsSection{line.substr(1, line.size() - 2), {}};
        continue;
      }
      const auto eq = line.find('=');
      if (eq != std::string::npos && !current.name.empty())
        current.values[trimmed(line.substr(0, eq))] =
            trimmed(line.substr(eq + 1));
    }
    if (!current.name.empty())
      merge(current);
    in.close();
    in.clear();
  }
}

void DishSettings::merge(const SettingsSection &section) {
  auto &target = sections_[section.name];
  for (const auto &kv : section.values)
    target[kv.first] = kv.second;
}

std::string DishSettings::text(const std::string &section,
                               const std::string &key,
                               const std::string &fallback) const {
  const auto s = sections_.find(section);
  if (s == sections_.end())
    return fallback;
  const auto v = s->second.find(key);
  return v == s->second.end() ? fallback : v->second;
}

double DishSettings::number(const std::string &section, const std::string &key,
                            double fallback) const {
  const std::string v = text(section, key);
  return v.empty() ? fallback : std::strtod(v.c_str(), nullptr);
}

std::uint16_t DishSettings::port(const std::string &section,
                                 const std::string &key,
                                 std::uint16_t fallback) const {
  const std::string v = text(section, key);
  return v.empty() ? fallback
                   : static_cast<std::uint16_t>(std::strtoul(v.c_str(),
                                                             nullptr, 10));
}

std::vector<std::string> DishSettings::list(const std::string &section,
                                            const std::string &key) const {
  return splitList(text(section, key));
}
