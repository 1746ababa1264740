// goniod — loads the station preferences. The main file is read with stdio:
// "key = value" settings plus "axis", "endpoint" and "tty" rows; a
// "%include <file>" line hands the rest of the parse over to the named site
// file. Site overrides are read with std::ifstream and may chain further
// overrides the same way.
#include "prefs.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>

namespace goniod {

namespace {

std::string trim(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos)
    return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

bool apply_line(Prefs &p, const std::string &line) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  if (word == "axis") {
    AxisSpec a;
    if (!(in >> a.name >> a.kind >> a.device))
      return false;
    p.axes.push_back(a);
    return true;
  }
  if (word == "endpoint") {
    std::string name;
    Endpoint e;
    if (!(in >> name >> e.host >> e.port))
      return false;
    p.endpoints[name] = e;
    return true;
  }
  if (word == "tty") {
    std::string name, device;
    if (!(in >> name >> device))
      return false;
    p.tty_lines[name] = device;
    return true;
  }
  const auto eq = line.find('=');
  if (eq == std::string::npos)
    return false;
  const std::string key = trim(line.substr(0, eq));
  const std::string value = trim(line.substr(eq + 1));
  if (key == "version")
    p.version = static_cast<int>(std::strtol(value.c_str(), nullptr, 10));
  else if (key == "brokers")
    p.brokers = value;
  else if (key == "elog")
    p.elog_path = value;
  else if (key == "pss")
    p.pss_device = value;
  else if (key == "dewar_valve")
    p.dewar_valve = value;
  else if (key == "data_dir")
    p.data_dir = value;
  else if (key == "parking_gap_mm")
    p.parking_gap_mm = std::strtod(value.c_str(), nullptr);
  else
    p.extra[key] = value;
  return true;
}

} // namespace

const Endpoint &Prefs::endpoint(const std::string &name) const {
  const auto it = endpoints.find(name);
  if (it == endpoints.end())
    throw std::runtime_error("no endpoint '" + name + "' in the preferences");
  return it->second;
}

Prefs load_prefs(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "re");
  if (fp == nullptr)
    throw std::system_error(errno, std::generic_category(), "open preferences " + path);
  Prefs p;
  std::string current = path;
  char buf[1024];
  int line_no = 0;
  while (std::fgets(buf, sizeof buf, fp) != nullptr) { // OK: an %include swaps fp for the next file
    ++line_no;
    const std::string line = trim(buf);
    if (line.empty() || line[0] == '#')
      continue;
    if (line.rfind("%include ", 0) == 0) {
      current = trim(line.substr(9));
      std::fclose(fp);
      fp = std::fopen(current.c_str(), "re");
      if (fp == nullptr)
        throw std::system_error(errno, std::generic_category(),
                                "open included preferences " + current);
      line_no = 0;
      continue;
    }
    if (!apply_line(p, line)) {
      std::fclose(fp);
      throw std::runtime_error(current + ":" + std::to_string(line_no) +
                               ": cannot parse '" + line + "'");
    }
  }
  const int rc = std::fclose(fp); // OK: the only earlier close in the loop throws
  if (rc != 0 || std::ferror(fp)) // BUG: use-after-close
    throw std::runtime_error("error reading preferences " + current);
  return p;
}

void apply_overrides(Prefs &p, const std::string &path) {
  std::ifstream in(path);
  if (!in.is_open())
    return;
  std::string current = path;
  std::string line;
  int hops = 0;
  while (std::getline(in, line)) { // OK: the stream is reopened on the next file after close()
    line = trim(line);
    if (line.empty() || line[0] == '#')
      continue;
    if (line.rfind("%include ", 0) == 0) {
      if (++hops > 8)
        throw std::runtime_error(current + ": overrides nested too deeply");
      current = trim(line.substr(9));
      in.close();
      in.open(current);
      if (!in.is_open())
        throw std::runtime_error("cannot open included overrides " + current);
      continue;
    }
    if (!apply_line(p, line))
      std::fprintf(stderr, "goniod: %s: ignoring override '%s'\n", current.c_str(),
                   line.c_str());
  }
  if (in.bad())
    throw std::runtime_error("error reading overrides " + current);
}

} // namespace goniod
