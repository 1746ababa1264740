// VarveScroll: append-only CSV file. append() throws once closed; close() throws
// when already closed; rotate() closes the current file and opens the next one.
// Negative: rotate() appends only after the new file opened.
#include "varve_scroll.h"
#include <stdexcept>

VarveScroll::~VarveScroll() {
  if (fp_)
    std::fclose(fp_);
}

bool VarveScroll::open(const std::string &path) {
  if (fp_)
    return true;
  fp_ = std::fopen(path.c_str(), "a");
  if (fp_)
    path_ = path;
  return fp_ != nullptr;
}

void VarveScroll::append(const std::string &row) {
  if (!fp_)
    throw std::runtime_error("varve scroll closed: " + path_);
  if (std::fputs(row.c_str(), fp_) < 0 || std::fputc('\n', fp_) == EOF)
    throw std::runtime_error("varve scroll write failed: " + path_);
}

bool VarveScroll::close() {
  if (!fp_)
    throw std::logic_error("varve scroll closed twice: " + path_);
  std::FILE *fp = fp_;
  fp_ = nullptr;
  return std::fclose(fp) == 0;
}

void VarveScroll::rotate(const std::string &nextPath) {
  const std::string previous = path_;
  if (fp_)
    close();
  if (!open(nextPath))
    throw std::runtime_error("cannot open varve scroll " + nextPath);
  append("# continued from " + previous); // OK: the scroll was reopened on nextPath
}
