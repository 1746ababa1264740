// DayFile: the append-mode FILE* of one day's readings.
#include "day_file.h"

#include <utility>

DayFile::DayFile(std::string path) : path_(std::move(path)) {
  fp_ = std::fopen(path_.c_str(), "ab");
}

DayFile::~DayFile() { close(); }

long DayFile::size() const {
  if (!fp_)
    return -1;
  return std::ftell(fp_);
}

int DayFile::close() {
  if (!fp_)
    return 0;
  const int rc = std::fclose(fp_);
  fp_ = nullptr;
  return rc;
}
