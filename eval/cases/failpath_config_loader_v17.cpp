// Binary-header + key=value config loader. A config file starts with a
// 4-byte magic and a version line, followed by "key=value" entries. Helpers
// in this file close the FILE* on their own error paths (documented on each
// helper); callers then only have to close on success.
#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>

struct Header {
  int version = 0;
};

using ConfigMap = std::map<std::string, std::string>;

// Reads magic and version. On failure closes `f` and returns -1.
static int readHeader(FILE *f, Header &h) {
  char magic[4];
  if (std::fread(magic, 1, sizeof magic, f) != sizeof magic ||
      std::memcmp(magic, "CFG1", 4) != 0) {
    std::fclose(f);
    return -1;
  }
  if (std::fscanf(f, "%d\n", &h.version) != 1) {
    std::fclose(f);
    return -1;
  }
  return 0;
}

// Parses one "key=value" line. On a malformed line closes `f` and throws.
static bool readEntry(FILE *f, ConfigMap &out) {
  char line[512];
  if (!std::fgets(line, sizeof line, f)) // SAME: entries
    return false;
  char *eq = std::strchr(line, '=');
  if (!eq) {
    std::fclose(f);
    throw std::runtime_error(std::string("malformed config line: ") + line);
  }
  *eq = '\0';
  std::string value(eq + 1);
  if (!value.empty() && value.back() == '\n')
    value.pop_back();
  out[line] = value;
  return true;
}

static void readEntries(FILE *f, ConfigMap &out) {
  while (readEntry(f, out))
    ;
}

// Strict loader used at startup.
bool loadConfig(const std::string &path, ConfigMap &out) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    return false;
  Header h;
  if (readHeader(f, h) < 0) {
    std::fclose(f); // BUG: double-close
    return false;
  }
  if (h.version > 3)
    std::fprintf(stderr, "config %s: newer version %d\n", path.c_str(), h.version); // OK: stderr, not f
  try {
    readEntries(f, out);
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "%s at offset %ld\n", e.what(), std::ftell(f)); // BUG: use-after-close
    return false;
  }
  std::fclose(f); // OK: every error path above returned before this line
  return true;
}

// Best-effort loader for optional override files: a bad header only logs.
void loadOverrides(const std::string &path, ConfigMap &out) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    return;
  Header h;
  if (readHeader(f, h) < 0)
    std::fprintf(stderr, "override %s: bad header, reading entries anyway\n", path.c_str());
  try {
    readEntries(f, out); // BUG: use-after-close #entries
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "override %s: %s\n", path.c_str(), e.what());
    return;
  }
  std::fclose(f);
}

// Reload at runtime: keeps the old config if anything is wrong.
bool reloadConfig(const std::string &path, ConfigMap &current) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    return false;
  Header h;
  if (readHeader(f, h) < 0)
    return false; // readHeader already closed f
  ConfigMap fresh;
  try {
    readEntries(f, fresh); // OK: the header check returned on failure
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "reload rejected: %s\n", e.what());
    return false;
  }
  if (std::ferror(f)) { // OK: still open on this path
    std::fclose(f);
    return false;
  }
  std::fclose(f); // OK: single close on the success path
  current.swap(fresh);
  return true;
}

int main(int argc, char **argv) {
  ConfigMap cfg;
  if (!loadConfig(argc > 1 ? argv[1] : "/etc/app/app.cfg", cfg))
    return 1;
  loadOverrides("/etc/app/override.cfg", cfg);
  reloadConfig(argc > 1 ? argv[1] : "/etc/app/app.cfg", cfg);
  return 0;
}
