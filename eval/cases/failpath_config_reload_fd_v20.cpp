// Hot config reload for a daemon. slurp() reads a whole descriptor and, on
// its error path (read error or a file over the size cap), closes the
// descriptor and returns -1. requireHeader() closes the descriptor and calls
// fatal(), which always throws ConfigError, when the "#cfg v2" header is
// missing. Defects: reloadLenient() closes the descriptor unconditionally
// after slurp(), a second close when slurp() failed; reloadStrict() closes it
// again in the handler after requireHeader() closed it before throwing.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

struct ConfigError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr size_t kMaxConfig = 64 * 1024;

int slurp(int fd, std::string &out) {
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0)
      return 0;
    if (n < 0 || out.size() + static_cast<size_t>(n) > kMaxConfig) {
      ::close(fd);
      return -1;
    }
    out.append(buf, static_cast<size_t>(n));
  }
}

[[noreturn]] void fatal(const std::string &msg) { throw ConfigError(msg); }

void requireHeader(int fd, const std::string &text) {
  if (text.rfind("#cfg v2", 0) != 0) {
    ::close(fd);
    fatal("missing '#cfg v2' header");
  }
}

class ConfigReloader {
public:
  explicit ConfigReloader(std::string path) : path_(std::move(path)) {}
  bool reload();
  bool reloadLenient();
  void reloadStrict();

private:
  void apply(const std::string &text) { current_ = text; }
  std::string path_;
  std::string current_;
  long mtime_ = 0;
};

bool ConfigReloader::reload() {
  int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  std::string text;
  if (slurp(fd, text) != 0)
    return false;
  struct stat st;
  if (::fstat(fd, &st) == 0) // OK: slurp() closes only when it returns -1
    mtime_ = static_cast<long>(st.st_mtime);
  requireHeader(fd, text);
  ::close(fd); // OK: requireHeader() closes only on the path where fatal() throws
  apply(text);
  return true;
}

bool ConfigReloader::reloadLenient() {
  int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  std::string text;
  const int rc = slurp(fd, text);
  ::close(fd); // BUG: double-close
  if (rc != 0) {
    std::fprintf(stderr, "%s: unreadable or too large, keeping old config\n", path_.c_str());
    return false;
  }
  apply(text);
  return true;
}

void ConfigReloader::reloadStrict() {
  int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw ConfigError("cannot open " + path_);
  std::string text;
  if (slurp(fd, text) != 0)
    throw ConfigError("cannot read " + path_);
  try {
    requireHeader(fd, text);
  } catch (const ConfigError &e) {
    std::fprintf(stderr, "%s: %s\n", path_.c_str(), e.what());
    ::close(fd); // BUG: double-close
    throw;
  }
  ::close(fd); // OK: requireHeader() returned, so the descriptor is still open
  apply(text);
}

static void writeFile(const char *path, const std::string &body) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return;
  ::write(fd, body.data(), body.size());
  ::close(fd);
}

int main() {
  writeFile("/tmp/svc-good.conf", "#cfg v2\nworkers=8\n");
  writeFile("/tmp/svc-huge.conf", "#cfg v2\n" + std::string(kMaxConfig + 10, 'x'));
  writeFile("/tmp/svc-old.conf", "workers=4\n");
  ConfigReloader good("/tmp/svc-good.conf");
  ConfigReloader huge("/tmp/svc-huge.conf");
  ConfigReloader old("/tmp/svc-old.conf");
  good.reload();
  huge.reloadLenient();
  try {
    old.reloadStrict();
  } catch (const ConfigError &e) {
    std::fprintf(stderr, "strict reload failed: %s\n", e.what());
  }
  return 0;
}
