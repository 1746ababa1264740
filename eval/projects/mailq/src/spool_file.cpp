// SpoolFile: FILE*-backed spool file (see spool_file.h for the semantics).
#include "mailq/spool_file.h"

#include <cerrno>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <unistd.h>

namespace mailq {

SpoolFile::SpoolFile(std::string path, Mode mode)
    : path_(std::move(path)), mode_(mode) {
  fp_ = std::fopen(path_.c_str(), mode_ == Mode::Append ? "a" : "r");
  if (!fp_)
    throw std::system_error(errno, std::generic_category(), "fopen " + path_);
  if (mode_ == Mode::Append && std::fseek(fp_, 0, SEEK_END) == 0) {
    const long size = std::ftell(fp_);
    bytes_ = size > 0 ? static_cast<std::size_t>(size) : 0;
  }
}

SpoolFile::~SpoolFile() {
  if (fp_)
    std::fclose(fp_); // OK: close() leaves fp_ null, so only a file nobody closed is closed here
}

void SpoolFile::requireOpen(const char *what) const {
  if (!fp_)
    throw std::logic_error(std::string("SpoolFile::") + what + ": " + path_ +
                           " is closed");
}

void SpoolFile::appendRaw(const std::string &line) {
  requireOpen("append");
  if (mode_ != Mode::Append)
    throw std::logic_error("SpoolFile::append: " + path_ + " is read-only");
  if (std::fputs(line.c_str(), fp_) == EOF || std::fputc('\n', fp_) == EOF)
    throw std::system_error(errno, std::generic_category(), "write " + path_);
  bytes_ += line.size() + 1;
}

void SpoolFile::append(const Message &m) { appendRaw(m.serialize()); }

void SpoolFile::flush() {
  requireOpen("flush");
  if (std::fflush(fp_) != 0)
    throw std::system_error(errno, std::generic_category(), "fflush " + path_);
  if (::fsync(::fileno(fp_)) != 0)
    throw std::system_error(errno, std::generic_category(), "fsync " + path_);
}

std::vector<Message> SpoolFile::readAll() {
  requireOpen("readAll");
  if (mode_ != Mode::Read)
    throw std::logic_error("SpoolFile::readAll: " + path_ + " is write-only");
  std::vector<Message> out;
  std::string line;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, fp_)) {
    line += buf;
    if (line.back() != '\n')
      continue;
    line.pop_back();
    if (std::optional<Message> m = Message::parse(line))
      out.push_back(std::move(*m));
    line.clear();
  }
  if (!line.empty())
    if (std::optional<Message> m = Message::parse(line))
      out.push_back(std::move(*m));
  return out;
}

void SpoolFile::close() {
  if (!fp_)
    throw std::logic_error("SpoolFile::close: " + path_ + " already closed");
  std::FILE *fp = std::exchange(fp_, nullptr);
  if (std::fclose(fp) != 0)
    throw std::system_error(errno, std::generic_category(), "fclose " + path_);
}

} // namespace mailq
