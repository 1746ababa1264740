// The prompt book and its process-wide accessor. Negative: every entry
// point takes the lock and checks the descriptor first; close() goes through
// closeQuietly() so fd_ is -1 afterwards; rotate() reopens the book before
// writing its continuation line.
#include "promptbook.h"
#include "fdutil.h"

#include <cerrno>
#include <cstdio>
#include <ctime>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace cued {

namespace {
std::string stampNow() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  ::localtime_r(&now, &local);
  char buf[32];
  std::strftime(buf, sizeof buf, "%H:%M:%S", &local);
  return buf;
}
} // namespace

PromptBook::~PromptBook() { close(); }

void PromptBook::open(const std::string &path) {
  std::lock_guard<std::mutex> lk(mu_);
  closeQuietly(fd_);
  fd_ = openAppend(path);
  path_ = path;
}

bool PromptBook::isOpen() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fd_ >= 0;
}

void PromptBook::record(const std::string &who, const std::string &what) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::logic_error("prompt book closed, dropping: " + what);
  if (!writeLine(fd_, stampNow() + " [" + who + "] " + what))
    throw std::system_error(errno, std::generic_category(), "prompt book");
}

void PromptBook::sync() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::logic_error("prompt book closed, cannot sync");
  if (::fsync(fd_) != 0)
    throw std::system_error(errno, std::generic_category(), "fsync " + path_);
}

void PromptBook::rotate(const std::string &archivePath) {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ < 0)
    throw std::logic_error("prompt book closed, cannot rotate");
  ::fsync(fd_);
  closeQuietly(fd_);
  const bool moved = std::rename(path_.c_str(), archivePath.c_str()) == 0;
  const int renameErr = errno;
  fd_ = openAppend(path_);
  if (!moved)
    throw std::system_error(renameErr, std::generic_category(),
                            "archive " + path_);
  writeLine(fd_, "-- continued from " + archivePath + " --"); // OK: reopened by openAppend() above
}

void PromptBook::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (fd_ >= 0)
    ::fsync(fd_);
  closeQuietly(fd_);
}

int PromptBook::fd() const {
  std::lock_guard<std::mutex> lk(mu_);
  return fd_;
}

PromptBook &promptBook() {
  static PromptBook book;
  return book;
}

} // namespace cued
