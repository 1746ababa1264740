// Sundial foundry: appends each gnomon pour (mould, alloy, pour temperature, shrinkage)
// to the shift's pour log and, at the end of the shift, copies the log into the archive
// directory with a plain fread/fwrite loop and goto-style cleanup.
#include <cstdio>
#include <string>
#include <vector>

struct Pour {
  std::string mould;
  std::string alloy;
  int temp_c = 0;
  double shrink_pct = 0.0;
};

struct ShiftLog {
  FILE *fp = nullptr;
  std::string path;
  long bytes_at_open = 0;
};

static bool shift_log_open(ShiftLog &log, const std::string &path) {
  log.fp = std::fopen(path.c_str(), "a");
  if (!log.fp)
    return false;
  log.path = path;
  std::fseek(log.fp, 0, SEEK_END);
  log.bytes_at_open = std::ftell(log.fp);
  return true;
}

static void shift_log_close(ShiftLog &log) {
  if (log.fp) {
    std::fclose(log.fp);
    log.fp = nullptr;
  }
}

static int record_pours(ShiftLog &log, const std::vector<Pour> &pours) {
  int written = 0;
  for (const Pour &p : pours) {
    if (p.temp_c < 1000) {
      std::fprintf(stderr, "mould %s: pour too cold (%d C), skipped\n", p.mould.c_str(),
                   p.temp_c);
      continue;
    }
    if (std::fprintf(log.fp, "%s %s %d %.2f\n", p.mould.c_str(), p.alloy.c_str(), p.temp_c,
                     p.shrink_pct) < 0) {
      shift_log_close(log);
      return -1;
    }
    ++written;
  }
  return written;
}

static int archive_shift_log(const char *src_path, const char *dst_path) {
  char buf[4096];
  size_t n;
  int rc = -1;
  FILE *dst;
  FILE *src = std::fopen(src_path, "r");
  if (!src)
    return -1;
  dst = std::fopen(dst_path, "w");
  if (!dst)
    goto out_src;
  while ((n = std::fread(buf, 1, sizeof buf, src)) > 0) {
    if (std::fwrite(buf, 1, n, dst) != n)
      goto out_dst;
  }
  if (std::ferror(src))
    goto out_dst;
  if (std::fclose(dst) != 0) {
    std::perror(dst_path);
    goto out_dst;
  }
  rc = 0;
  goto out_src;
out_dst:
  std::fclose(dst); // BUG: double-close
out_src:
  std::fclose(src);
  return rc;
}

int end_of_shift(const std::string &log_path, const std::string &archive_path,
                 const std::vector<Pour> &pours) {
  ShiftLog log;
  if (!shift_log_open(log, log_path))
    return -1;

  const int n = record_pours(log, pours);
  if (n < 0) {
    shift_log_close(log); // OK
    return -1;
  }
  std::fprintf(log.fp, "# shift closed: %d pours\n", n); // OK
  const long grown = std::ftell(log.fp) - log.bytes_at_open; // OK
  shift_log_close(log);
  std::fprintf(stderr, "pour log grew by %ld bytes\n", grown);

  if (n == 0)
    return 0;
  return archive_shift_log(log_path.c_str(), archive_path.c_str());
}
