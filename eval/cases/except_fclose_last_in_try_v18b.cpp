// Configuration snapshots written with stdio. saveSnapshot() writes the
// entries and closes the file as the last statement of its try block;
// writeEntry() throws on an invalid key, and the handler then marks the file
// as aborted and closes it, which is correct because fclose() never throws:
// when the handler runs, the file is still open. exportVerified() closes the
// file and then re-reads it with verifySnapshot(), which throws on a
// malformed line (a value containing a newline); its handler writes to and
// closes the already closed FILE*.
#include <cstdio>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>

using Config = std::map<std::string, std::string>;

static void writeEntry(FILE *f, const std::string &key, const std::string &value) {
  if (key.empty() || key.find('=') != std::string::npos)
    throw std::invalid_argument("invalid config key '" + key + "'");
  std::fprintf(f, "%s=%s\n", key.c_str(), value.c_str());
}

// Re-reads a snapshot; throws std::runtime_error on a line without '='.
static std::size_t verifySnapshot(const std::string &path) {
  FILE *in = std::fopen(path.c_str(), "r");
  if (!in)
    throw std::runtime_error("cannot reopen " + path);
  char line[1024];
  std::size_t n = 0;
  while (std::fgets(line, sizeof line, in)) {
    if (line[0] == '#')
      continue;
    if (!std::strchr(line, '=')) {
      std::fclose(in);
      throw std::runtime_error("malformed line in " + path);
    }
    ++n;
  }
  std::fclose(in);
  return n;
}

void saveSnapshot(const std::string &path, const Config &cfg, FILE *errlog) {
  FILE *f = std::fopen(path.c_str(), "w");
  if (!f)
    throw std::runtime_error("cannot create " + path);
  try {
    std::fprintf(f, "# snapshot, %zu entries\n", cfg.size());
    for (const auto &kv : cfg)
      writeEntry(f, kv.first, kv.second);
    std::fclose(f);
  } catch (const std::exception &e) {
    std::fprintf(f, "# aborted: %s\n", e.what()); // OK: fclose() is last in the try and does not throw
    std::fclose(f); // OK: the try block did not reach its fclose()
    std::fprintf(errlog, "snapshot %s: %s\n", path.c_str(), e.what());
    throw;
  }
}

std::size_t exportVerified(const std::string &path, const Config &cfg) {
  FILE *f = std::fopen(path.c_str(), "w");
  if (!f)
    throw std::runtime_error("cannot create " + path);
  try {
    for (const auto &kv : cfg)
      writeEntry(f, kv.first, kv.second);
    std::fclose(f);
    return verifySnapshot(path);
  } catch (const std::exception &e) {
    std::fprintf(f, "# aborted: %s\n", e.what()); // BUG: use-after-close
    std::fclose(f); // BUG: double-close
    throw;
  }
}

int main() {
  FILE *errlog = std::fopen("/tmp/config_errors_v18b.log", "a");
  if (!errlog)
    return 1;
  Config cfg = {{"db.host", "10.0.0.5"}, {"db.pool", "16"}, {"banner", "welcome\nto prod"}};
  Config bad = {{"cache.size", "512"}, {"", "orphan"}};

  try {
    saveSnapshot("/tmp/config_v18b.snap", bad, errlog);
  } catch (const std::exception &e) {
    std::fprintf(errlog, "save failed: %s\n", e.what());
  }
  try {
    std::size_t n = exportVerified("/tmp/config_v18b.export", cfg);
    std::printf("exported %zu entries\n", n);
  } catch (const std::exception &e) {
    std::fprintf(errlog, "export failed: %s\n", e.what());
  }
  std::fclose(errlog);
  return 0;
}
