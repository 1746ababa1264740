// A loader closes its input stream before parsing the buffered text; the
// parser throws on malformed input, and the handler writes a diagnostic to
// the closed stream instead of stderr (bug). The fixed loader writes the
// diagnostic to a separate log stream and closes its input once, after the
// try (correct).
#include <cstdio>
#include <stdexcept>
#include <string>

int parseCount(const std::string &text) {
  if (text.empty())
    throw std::invalid_argument("empty input");
  return std::stoi(text);
}

int loadCount(std::FILE *in) {
  char buffer[64] = {};
  std::fgets(buffer, sizeof buffer, in);
  std::fclose(in);
  try {
    return parseCount(buffer);
  } catch (const std::exception &error) {
    std::fprintf(in, "parse error: %s\n", error.what()); // BUG: use-after-close
    return -1;
  }
}

int loadCountFixed(std::FILE *in, std::FILE *log) {
  char buffer[64] = {};
  std::fgets(buffer, sizeof buffer, in);
  int count = -1;
  try {
    count = parseCount(buffer);
  } catch (const std::exception &error) {
    std::fprintf(log, "parse error: %s\n", error.what()); // OK
  }
  std::fclose(in); // OK
  return count;
}
