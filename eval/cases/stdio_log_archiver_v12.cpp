// Log archiver in the style of a small C utility: copies the active log into
// an archive with fread/fwrite, appends a rotation marker to every channel log,
// and mails a summary through popen(). Bugs: the fseek error path closes the
// archive and then jumps to the label that closes it again; the rotation loop
// closes every log and then writes a trailer to the first one; the mail error
// path pcloses the pipe and falls through to the final pclose();
// archive_size() asks ftell() for the size after closing the stream.
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace {

const char *const kChannels[] = {"auth", "http", "db"};
constexpr int kNumChannels = 3;

int copy_stream(FILE *src, FILE *dst) {
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, src)) > 0) {
    if (fwrite(buf, 1, n, dst) != n)
      return -1;
  }
  return ferror(src) ? -1 : 0;
}

int archive_log(const char *active, const char *archive, long skip) {
  int rc = -1;
  FILE *in = fopen(active, "rb");
  if (!in)
    return -1;
  FILE *out = fopen(archive, "wb");
  if (!out)
    goto close_in;
  if (fseek(in, skip, SEEK_SET) != 0) {
    fprintf(stderr, "archive: cannot skip %ld bytes: %s\n", skip, strerror(errno));
    fclose(out);
    goto close_out;
  }
  rc = copy_stream(in, out);
  if (fflush(out) != 0)
    rc = -1;
close_out:
  fclose(out); // BUG: double-close
close_in:
  fclose(in); // OK: every path reaches this label once, with in still open
  return rc;
}

long archive_size(const char *archive) {
  FILE *fp = fopen(archive, "rb");
  if (!fp)
    return -1;
  if (fseek(fp, 0, SEEK_END) != 0) {
    fclose(fp);
    return -1;
  }
  fclose(fp);
  return ftell(fp); // BUG: use-after-close
}

int rotate_channels(const char *dir) {
  FILE *logs[kNumChannels] = {};
  char path[256];
  for (int i = 0; i < kNumChannels; ++i) {
    snprintf(path, sizeof path, "%s/%s.log", dir, kChannels[i]);
    logs[i] = fopen(path, "a");
    if (!logs[i]) {
      for (int j = 0; j < i; ++j)
        fclose(logs[j]); // OK: only the streams opened so far, each once
      return -1;
    }
  }
  for (int i = 0; i < kNumChannels; ++i)
    fprintf(logs[i], "--- rotated ---\n");
  for (int i = 0; i < kNumChannels; ++i)
    fclose(logs[i]);
  fprintf(logs[0], "rotation of %d channels finished\n", kNumChannels); // BUG: use-after-close
  return 0;
}

int mail_summary(const char *rcpt, int rotated) {
  char cmd[256];
  snprintf(cmd, sizeof cmd, "mail -s 'log rotation' %s", rcpt);
  FILE *mail = popen(cmd, "w");
  if (!mail)
    return -1;
  if (fprintf(mail, "%d channel logs rotated\n", rotated) < 0) {
    pclose(mail);
    fprintf(stderr, "mail: write failed: %s\n", strerror(errno));
  }
  return pclose(mail) == 0 ? 0 : -1; // BUG: double-close
}

} // namespace

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "/var/log/app";
  char active[256], archive[256];
  snprintf(active, sizeof active, "%s/current.log", dir);
  snprintf(archive, sizeof archive, "%s/archive.log", dir);
  if (archive_log(active, archive, 0) != 0)
    return 1;
  if (archive_size(archive) <= 0)
    return 1;
  int rc = rotate_channels(dir);
  mail_summary("ops@example.com", rc == 0 ? kNumChannels : 0);
  return rc == 0 ? 0 : 1;
}
