// A config saver serializes (which can throw std::bad_alloc or a
// serialization error), writes and closes its FILE* as the last statement of
// the try block; the handler closes the file and reports failure. fclose is a
// C function and cannot throw, so the handler runs only when something before
// the close threw, and the file is closed exactly once on every path
// (negative case).
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>

struct Config {
  std::map<std::string, std::string> values;

  std::string serialize() const {
    std::string text;
    for (const auto &entry : values) {
      if (entry.first.empty())
        throw std::invalid_argument("empty config key");
      text += entry.first + "=" + entry.second + "\n";
    }
    return text;
  }
};

bool saveConfig(const Config &config, const char *path) {
  std::FILE *file = std::fopen(path, "w");
  if (!file)
    return false;
  try {
    const std::string text = config.serialize();
    std::fputs(text.c_str(), file);
    std::fclose(file); // OK
  } catch (...) {
    std::fclose(file); // OK
    return false;
  }
  return true;
}
