// goniod — the personnel-safety panel of the experimental hutch and the search
// walk. HutchSearch takes ownership of the PSS line it is given and closes it
// when it is destroyed; PssPanel holds the panel's own line, locks the doors,
// and drops the line when the panel reports a fault or at shutdown.
#include "hutch.h"

#include <cerrno>
#include <fcntl.h>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

#include "disposal.h"
#include "elog.h"

namespace goniod {

// ---- HutchSearch ----------------------------------------------------------

HutchSearch::HutchSearch(int fd) : fd_(fd) {}

HutchSearch::~HutchSearch() {
  if (fd_ >= 0)
    ::close(fd_);
}

std::string HutchSearch::ask(const std::string &question) {
  const std::string out = question + "\r";
  if (::write(fd_, out.data(), out.size()) < 0)
    throw std::system_error(errno, std::generic_category(), "PSS search");
  std::string reply;
  char c = 0;
  while (::read(fd_, &c, 1) == 1 && c != '\r')
    reply.push_back(c);
  return reply;
}

bool HutchSearch::run() {
  static const char *const points[] = {"SP1", "SP2", "SP3", "SP4", "DOOR"};
  for (const char *point : points)
    if (ask(std::string("SEARCH ") + point) != "CLEAR")
      return false;
  return true;
}

// ---- PssPanel -------------------------------------------------------------

PssPanel::PssPanel(const std::string &device) : device_(device) {
  fd_ = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd_ < 0)
    throw std::system_error(errno, std::generic_category(), "open PSS panel " + device);
}

PssPanel::~PssPanel() {
  if (fd_ >= 0)
    ::close(fd_); // BUG: double-close
}

void PssPanel::send(const std::string &line) {
  if (faulted_)
    throw std::runtime_error("PSS panel " + device_ + " is faulted");
  if (fd_ < 0)
    throw std::runtime_error("PSS panel line " + device_ + " was dropped");
  const std::string out = line + "\r";
  if (::write(fd_, out.data(), out.size()) < 0) // SAME: pss_lock
    throw std::system_error(errno, std::generic_category(), "PSS panel " + line);
}

bool PssPanel::search() {
  if (faulted_ || fd_ < 0)
    throw std::runtime_error("PSS panel " + device_ + " unavailable for a search");
  const int walk_fd = ::fcntl(fd_, F_DUPFD_CLOEXEC, 0);
  if (walk_fd < 0)
    throw std::system_error(errno, std::generic_category(), "duplicate PSS line");
  const bool clear = HutchSearch(walk_fd).run();
  if (clear)
    send("DOORS LOCK"); // OK: the search closed its duplicate; fd_ is still open
  return clear;
}

void PssPanel::lock_doors() { send("DOORS LOCK"); }

void PssPanel::on_fault(const std::string &code) {
  if (faulted_)
    return;
  faulted_ = true;
  elog().append("PSS panel fault " + code + ", dropping " + device_);
  close_logged(fd_, "PSS panel line");
}

void PssPanel::drop_line() {
  if (faulted_)
    return;
  close_and_forget(fd_, "PSS panel line");
}

} // namespace goniod
