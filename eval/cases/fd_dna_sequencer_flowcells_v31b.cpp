// Genomics core facility: when a sequencing run finishes, the instrument PC
// exports each flowcell lane's base calls to the shared storage with plain
// POSIX descriptors and hands a duplicate of the run log descriptor to the
// archiver. One exporter stops on a failed write by closing the descriptor
// and breaking out of the loop, and then still writes the trailer.
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace sequencing {

struct Lane {
  int number;
  std::vector<std::string> chunks;
};

bool writeAll(int fd, const std::string &data) {
  return ::write(fd, data.data(), data.size()) == static_cast<ssize_t>(data.size());
}

bool exportLane(const Lane &lane, const std::string &path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0640);
  if (fd < 0)
    return false;
  for (const std::string &chunk : lane.chunks) {
    if (!writeAll(fd, chunk)) {
      ::close(fd);
      break;
    }
  }
  const std::string trailer = "#END lane " + std::to_string(lane.number) + "\n";
  ::write(fd, trailer.data(), trailer.size()); // BUG: use-after-close
  ::close(fd); // BUG: double-close
  return true;
}

bool exportLaneChecked(const Lane &lane, const std::string &path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0640);
  if (fd < 0)
    return false;
  for (const std::string &chunk : lane.chunks) {
    if (!writeAll(fd, chunk)) {
      ::close(fd);
      fd = -1;
      break;
    }
  }
  if (fd < 0)
    return false;
  ::fsync(fd); // OK: fd reset to -1 on the failure path
  ::close(fd); // OK
  return true;
}

int handRunLogToArchiver(const std::string &runLog) {
  int logFd = ::open(runLog.c_str(), O_RDONLY);
  if (logFd < 0)
    return -1;
  int archiverFd = ::dup(logFd);
  ::close(logFd);
  if (archiverFd < 0)
    return -1;
  ::lseek(archiverFd, 0, SEEK_SET); // OK: the duplicate stays open
  return archiverFd;
}

} // namespace sequencing
