// copy_file(): a cp-like routine with goto-based cleanup over two streams and
// a heap buffer. To catch delayed write errors (ENOSPC, NFS quota) it closes
// the output itself and checks fclose()'s result before reaching the cleanup
// labels. When that fclose() fails, the code jumps to out_close_out, which
// closes `out` a second time because the pointer was only reset on success.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static int copy_file(const char *src, const char *dst) {
  int ret = -1;
  FILE *in = nullptr;
  FILE *out = nullptr;
  char *buf = static_cast<char *>(std::malloc(65536));
  size_t n;

  if (!buf)
    goto out_free;
  in = std::fopen(src, "rb");
  if (!in) {
    std::fprintf(stderr, "cp: cannot open '%s': %s\n", src, std::strerror(errno));
    goto out_free;
  }
  out = std::fopen(dst, "wb");
  if (!out) {
    std::fprintf(stderr, "cp: cannot create '%s': %s\n", dst, std::strerror(errno));
    goto out_close_in;
  }

  while ((n = std::fread(buf, 1, 65536, in)) > 0) {
    if (std::fwrite(buf, 1, n, out) != n) {
      std::fprintf(stderr, "cp: error writing '%s': %s\n", dst, std::strerror(errno));
      goto out_close_out;
    }
  }
  if (std::ferror(in)) {
    std::fprintf(stderr, "cp: error reading '%s'\n", src);
    goto out_close_out;
  }

  if (std::fclose(out) != 0) {
    std::fprintf(stderr, "cp: error closing '%s': %s\n", dst, std::strerror(errno));
    goto out_close_out;
  }
  out = nullptr;
  ret = 0;

out_close_out:
  if (out)
    std::fclose(out); // BUG: double-close
out_close_in:
  std::fclose(in); // OK: every path to this label opened `in`, and nothing closed it before
out_free:
  std::free(buf);
  return ret;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s SRC DST\n", argv[0]);
    return 2;
  }
  return copy_file(argv[1], argv[2]) == 0 ? 0 : 1;
}
