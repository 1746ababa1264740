// Helpers of a build script runner: run_capture() reads a command's output
// through popen() ("git rev-parse HEAD"-style) and returns its exit status;
// send_mail() writes a message into "sendmail -t" through popen(..., "w").
// Negative case: each pipe is closed with pclose() exactly once on every
// path: a pclose() inside the read loop is followed by return, the one after
// the loop runs only when the loop ended on EOF, and the exit status is taken
// from pclose()'s result, not from the stream.
#include <cstdio>
#include <cstring>
#include <sys/wait.h>

static int run_capture(const char *cmd, char *out, size_t outlen) {
  FILE *p = popen(cmd, "r");
  if (!p)
    return -1;
  char line[256];
  size_t used = 0;
  out[0] = '\0';
  while (std::fgets(line, sizeof line, p)) { // OK: the pclose inside the loop is followed by return
    size_t len = std::strlen(line);
    if (used + len >= outlen) {
      pclose(p);
      return -1; /* output too long */
    }
    std::memcpy(out + used, line, len + 1);
    used += len;
  }
  int st = pclose(p); // OK: the only other pclose returns immediately
  if (st == -1 || !WIFEXITED(st))
    return -1;
  return WEXITSTATUS(st);
}

static int send_mail(const char *to, const char *subject, const char *body) {
  FILE *mail = popen("/usr/sbin/sendmail -t", "w");
  if (!mail)
    return -1;
  std::fprintf(mail, "To: %s\nSubject: %s\n\n%s\n", to, subject, body);
  if (std::ferror(mail)) {
    pclose(mail);
    return -1;
  }
  int st = pclose(mail); // OK: the error branch above returned after its pclose
  return (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0) ? 0 : -1;
}

int main() {
  char rev[128];
  int rc = run_capture("git rev-parse HEAD 2>/dev/null", rev, sizeof rev);
  if (rc != 0) {
    std::fprintf(stderr, "not a git checkout\n");
    return 1;
  }
  rev[std::strcspn(rev, "\n")] = '\0';
  return send_mail("builds@example.org", "build started", rev) == 0 ? 0 : 1;
}
