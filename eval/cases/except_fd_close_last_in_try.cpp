// A pid-file writer formats the pid with std::to_string and string
// concatenation (both may throw), writes it and closes the descriptor last in
// the try; the catch handler closes and rethrows. ::close cannot throw, so
// the handler never sees a closed descriptor (negative case).
#include <fcntl.h>
#include <unistd.h>

#include <string>

void writePidFile(const char *path, pid_t pid, const std::string &service) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return;
  try {
    std::string line = service + " " + std::to_string(pid) + "\n";
    ::write(fd, line.data(), line.size());
    ::close(fd); // OK
  } catch (...) {
    ::close(fd); // OK
    throw;
  }
}
