// readSection: parser for one "[section]" block of the dishd settings format.
// On a malformed line the stream is closed here, as documented in settings.h,
// because the caller cannot resynchronise a half-read block.
#include "settings.h"

#include <cctype>
#include <cstdio>
#include <string>

namespace {
std::string trim(const std::string &s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
    ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
    --e;
  return s.substr(b, e - b);
}
} // namespace

bool readSection(std::FILE *fp, SettingsSection &out, std::string &error) {
  out = SettingsSection{};
  char buf[512];
  while (std::fgets(buf, sizeof buf, fp) != nullptr) {
    const std::string line = trim(buf);
    if (line.empty()) {
      if (!out.name.empty())
        return true;
      continue;
    }
    if (line[0] == '#' || line[0] == ';')
      continue;
    if (line[0] == '[') {
      if (line.back() != ']' || !out.name.empty()) {
        error = "bad or unexpected section header: " + line;
        std::fclose(fp);
        return false;
      }
      out.name = trim(line.substr(1, line.size() - 2));
      continue;
    }
    const std::size_t eq = line.find('=');
    if (out.name.empty() || eq == std::string::npos) {
      error = "expected key = value inside a section: " + line;
      std::fclose(fp);
      return false;
    }
    out.values[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
  }
  return true;
}
