// AirlogDump: the recent air-log lines in memory, written to a file when the
// engineer asks for them (SIGUSR1) and summarised into the shift report.
#include "airlog_dump.h"
#include "owned_descriptor.h"

#include <fcntl.h>
#include <unistd.h>
#include <utility>

void AirlogDump::note(std::string line) {
  if (line.empty() || line.back() != '\n')
    line.push_back('\n');
  lines_.push_back(std::move(line));
  while (lines_.size() > capacity_)
    lines_.pop_front();
}

bool AirlogDump::writeTo(const std::string &path) const {
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
  if (fd < 0)
    return false;
  OwnedDescriptor{fd};
  for (const auto &line : lines_) {
    if (::write(fd, line.data(), line.size()) < 0) // BUG: use-after-close
      return false;
  }
  return true;
}

bool AirlogDump::appendSummary(const std::string &path) const {
  OwnedDescriptor out{
      ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0640)};
  if (!out)
    return false;
  const std::string summary = "airlog: " + std::to_string(lines_.size()) +
                              " lines, last: " +
                              (lines_.empty() ? std::string("-\n") : lines_.back());
  const ssize_t n = ::write(out.get(), summary.data(), summary.size()); // OK: the named owner is still alive
  return n == static_cast<ssize_t>(summary.size());
}
