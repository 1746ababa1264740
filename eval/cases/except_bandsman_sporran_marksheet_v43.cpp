// Pipe-band contest office: the adjudicators' mark sheets arrive as text
// files, one line per bandsman ("name;piping;drumming;dress"). The importer
// reads a sheet through a FILE* kept by SheetFile, a small guard that closes
// the file when it goes out of scope, and appends an import note to the sheet
// itself. A malformed line throws MarkSheetError. The dress-and-deportment
// marks (sporran, kilt, glengarry) are read by DressMarks, whose constructor
// opens the sheet and validates its header.
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace contestoffice {

struct MarkSheetError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class SheetFile {
public:
  explicit SheetFile(FILE *f) : f_(f) {}
  ~SheetFile() {
    if (f_)
      std::fclose(f_);
  }
  SheetFile(const SheetFile &) = delete;
  SheetFile &operator=(const SheetFile &) = delete;

private:
  FILE *f_;
};

struct BandsmanMarks {
  std::string name;
  int piping = 0;
  int drumming = 0;
  int dress = 0;
};

static std::vector<BandsmanMarks> parseSheet(FILE *f) {
  std::vector<BandsmanMarks> marks;
  char line[256];
  while (std::fgets(line, sizeof line, f)) {
    char name[128];
    BandsmanMarks m;
    if (std::sscanf(line, "%127[^;];%d;%d;%d", name, &m.piping, &m.drumming, &m.dress) != 4)
      throw MarkSheetError(std::string("malformed mark line: ") + line);
    m.name = name;
    marks.push_back(m);
  }
  return marks;
}

std::vector<BandsmanMarks> importSheet(const std::string &path) {
  FILE *f = std::fopen(path.c_str(), "a+");
  if (!f)
    return {};
  try {
    SheetFile guard(f);
    std::rewind(f);
    return parseSheet(f);
  } catch (const MarkSheetError &e) {
    std::fprintf(f, "# import rejected: %s\n", e.what()); // BUG: use-after-close
    throw;
  }
}

std::vector<BandsmanMarks> importSheetStrict(const std::string &path) {
  FILE *f = std::fopen(path.c_str(), "r");
  if (!f)
    throw MarkSheetError("cannot open " + path);
  try {
    SheetFile guard(f);
    return parseSheet(f);
  } catch (...) {
    std::fclose(f); // BUG: double-close
    throw;
  }
}

std::vector<BandsmanMarks> importSheetAnnotated(const std::string &path) {
  FILE *f = std::fopen(path.c_str(), "a+");
  if (!f)
    return {};
  SheetFile guard(f);
  try {
    std::rewind(f);
    return parseSheet(f);
  } catch (const MarkSheetError &e) {
    std::fprintf(f, "# import rejected: %s\n", e.what()); // OK
    throw;
  }
}

class DressMarks {
public:
  explicit DressMarks(const std::string &path) : f_(std::fopen(path.c_str(), "r")) {
    if (!f_)
      throw MarkSheetError("cannot open " + path);
    char header[64] = {};
    if (!std::fgets(header, sizeof header, f_) || std::strncmp(header, "DRESS", 5) != 0) {
      std::fclose(f_);
      throw MarkSheetError(path + ": not a dress-and-deportment sheet");
    }
  }
  ~DressMarks() { std::fclose(f_); } // OK
  DressMarks(const DressMarks &) = delete;
  DressMarks &operator=(const DressMarks &) = delete;

  int sporranPenalties() {
    int penalties = 0;
    char line[128];
    while (std::fgets(line, sizeof line, f_))
      if (std::strstr(line, "sporran"))
        ++penalties;
    return penalties;
  }

private:
  FILE *f_;
};

} // namespace contestoffice
