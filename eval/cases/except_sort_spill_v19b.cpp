// Spill-to-disk support of an external sort operator: runs that exceed the
// memory budget are formatted and written to temporary files with stdio, and
// merged back later.
// Negative case: in writeRun() everything after the fclose in the try is a C
// function or a noexcept call, so the catch's fclose runs only when the try
// never reached its fclose; mergeRuns() closes in its catch and rethrows, so
// the closes after the try run only on the path where the catch did not run;
// SpillFile's destructor skips a FILE* that close() already released.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

struct Row {
  double key;
  double value;
};

struct SpillStats {
  std::size_t files = 0;
  std::size_t bytes = 0;
  void onSpillClosed(std::size_t written) noexcept {
    ++files;
    bytes += written;
  }
};

// Throws std::invalid_argument for rows that cannot be spilled.
std::string formatRow(const Row &r) {
  if (std::isnan(r.key))
    throw std::invalid_argument("NaN sort key");
  return std::to_string(r.key) + "," + std::to_string(r.value) + "\n";
}

bool writeRun(const std::string &path, const std::vector<Row> &rows, SpillStats &stats) {
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return false;
  std::size_t written = 0;
  try {
    for (const Row &r : rows) {
      const std::string line = formatRow(r);
      written += std::fwrite(line.data(), 1, line.size(), fp);
    }
    std::fflush(fp);
    std::fclose(fp);
    stats.onSpillClosed(written);
  } catch (const std::exception &e) {
    std::fclose(fp); // OK: nothing after the try's fclose can throw
    std::remove(path.c_str());
    std::cerr << "spill: " << path << ": " << e.what() << '\n';
    return false;
  }
  return true;
}

// Throws std::runtime_error on a truncated row.
void readRows(std::FILE *in, std::vector<Row> &out) {
  Row r{};
  int n;
  while ((n = std::fscanf(in, "%lf,%lf", &r.key, &r.value)) == 2)
    out.push_back(r);
  if (n == 1)
    throw std::runtime_error("truncated spill row");
}

std::size_t mergeRuns(const std::vector<std::string> &paths, std::vector<Row> &out) {
  std::vector<std::FILE *> inputs;
  inputs.reserve(paths.size());
  for (const std::string &p : paths)
    if (std::FILE *f = std::fopen(p.c_str(), "r"))
      inputs.push_back(f);
  try {
    for (std::FILE *f : inputs)
      readRows(f, out);
  } catch (...) {
    for (std::FILE *f : inputs)
      std::fclose(f);
    throw;
  }
  for (std::FILE *f : inputs)
    std::fclose(f); // OK: the catch rethrows, so these are still open here
  return out.size();
}

// SpillFile: owns one FILE*. close() fcloses it and clears the pointer; the
// destructor fcloses only if close() was never called.
class SpillFile {
public:
  explicit SpillFile(const std::string &path) : fp_(std::fopen(path.c_str(), "w")) {}
  ~SpillFile() {
    if (fp_)
      std::fclose(fp_);
  }
  SpillFile(const SpillFile &) = delete;
  SpillFile &operator=(const SpillFile &) = delete;
  bool put(const std::string &line) {
    return fp_ && std::fputs(line.c_str(), fp_) >= 0;
  }
  bool close() {
    if (!fp_)
      return true;
    const bool flushed = std::fclose(fp_) == 0;
    fp_ = nullptr;
    return flushed;
  }

private:
  std::FILE *fp_;
};

bool spillMarker(const std::string &dir, std::size_t runs) {
  SpillFile marker(dir + "/runs.count");
  if (!marker.put(std::to_string(runs) + "\n"))
    return false; // the destructor releases the FILE*
  return marker.close(); // OK: the destructor then skips the released FILE*
}
