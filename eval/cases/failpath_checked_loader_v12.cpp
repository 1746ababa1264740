// Asset loader whose helpers clean up after themselves on failure: they close
// the stream or descriptor on their error path and then return an error code,
// throw, or call the [[noreturn]] die(). Negative: every caller checks the
// result (or lets the exception propagate), so the success path continues
// only with a handle the helper left open, and closes it exactly once.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>

[[noreturn]] static void die(const char *what) {
  std::fprintf(stderr, "fatal: %s: %s\n", what, std::strerror(errno));
  std::exit(2);
}

static int read_magic(FILE *fp, const char *expect) {
  char magic[8] = {};
  if (std::fread(magic, 1, 4, fp) != 4 || std::memcmp(magic, expect, 4) != 0) {
    std::fclose(fp);
    return -1;
  }
  return 0;
}

static void require_size(int fd, off_t min) {
  off_t end = ::lseek(fd, 0, SEEK_END);
  if (end < min) {
    ::close(fd);
    throw std::runtime_error("asset truncated");
  }
  ::lseek(fd, 0, SEEK_SET);
}

static void open_or_die(int &fd, const char *path) {
  fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    die(path);
  char probe;
  if (::read(fd, &probe, 1) != 1) {
    ::close(fd);
    die(path);
  }
}

long load_texture(const char *path) {
  FILE *fp = std::fopen(path, "rb");
  if (!fp)
    return -1;
  if (read_magic(fp, "TEX1") != 0)
    return -1;
  long width = 0;
  if (std::fread(&width, sizeof width, 1, fp) != 1) // OK: read_magic() closes only when it fails
    width = -1;
  std::fclose(fp);
  return width;
}

std::string load_mesh(const char *path) {
  int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw std::runtime_error("cannot open mesh");
  require_size(fd, 64);
  std::string data(64, '\0');
  ssize_t n = ::read(fd, &data[0], data.size()); // OK: require_size() threw if it closed fd
  ::close(fd);
  data.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return data;
}

int load_shader(const char *path) {
  int fd = -1;
  open_or_die(fd, path);
  char src[256];
  ssize_t n = ::read(fd, src, sizeof src); // OK: open_or_die() closes only before die()
  ::close(fd); // OK: die() never returns, so this is the only close that can run
  return static_cast<int>(n);
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "assets";
  std::string tex = std::string(dir) + "/wall.tex";
  if (load_texture(tex.c_str()) < 0)
    return 1;
  try {
    std::string mesh = load_mesh((std::string(dir) + "/wall.mesh").c_str());
    std::printf("mesh: %zu bytes\n", mesh.size());
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return load_shader((std::string(dir) + "/wall.glsl").c_str()) > 0 ? 0 : 1;
}
