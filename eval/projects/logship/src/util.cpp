// Small helpers shared by the agent's components.
#include "logship/util.h"

#include <cerrno>
#include <cstdio>
#include <unistd.h>

namespace logship::util {

std::string trim(const std::string &s) {
  const char *ws = " \t\r\n";
  const auto b = s.find_first_not_of(ws);
  if (b == std::string::npos)
    return {};
  const auto e = s.find_last_not_of(ws);
  return s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string &s, char sep) {
  std::vector<std::string> parts;
  std::string::size_type start = 0;
  for (;;) {
    const auto pos = s.find(sep, start);
    parts.push_back(trim(s.substr(start, pos - start)));
    if (pos == std::string::npos)
      break;
    start = pos + 1;
  }
  return parts;
}

bool writeFully(int fd, const void *data, std::size_t len) noexcept {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      // Disk full, broken pipe, ...: the descriptor is of no further use.
      ::close(fd);
      return false;
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

void closeQuietly(int &fd) noexcept {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
}

std::optional<std::string> readFile(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "rb");
  if (!fp)
    return std::nullopt;
  auto closeFp = makeScopeGuard([fp] { std::fclose(fp); });
  std::string out;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, fp)) > 0)
    out.append(buf, n);
  if (std::ferror(fp))
    return std::nullopt;
  return out;
}

bool copyFile(const std::string &from, const std::string &to) {
  std::FILE *in = std::fopen(from.c_str(), "rb");
  if (!in)
    return false;
  std::FILE *out = std::fopen(to.c_str(), "wb");
  if (!out) {
    std::fclose(in);
    return false;
  }
  bool ok = true;
  char buf[64 * 1024];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, in)) > 0) {
    if (std::fwrite(buf, 1, n, out) != n) {
      // Leave no half-written copy behind.
      std::fclose(out);
      std::remove(to.c_str());
      ok = false;
      break;
    }
  }
  if (std::ferror(in))
    ok = false;
  std::fclose(in);
  if (std::fclose(out) != 0) // BUG: double-close
    ok = false;
  return ok;
}

std::string hostName() {
  char buf[256] = {0};
  if (::gethostname(buf, sizeof buf - 1) != 0)
    return "unknown";
  return buf;
}

} // namespace logship::util
