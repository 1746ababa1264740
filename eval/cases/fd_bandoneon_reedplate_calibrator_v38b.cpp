// Reed-plate calibrator for a bandoneon workshop. A pitch analyser runs as a
// child process; the bench streams microphone samples into its stdin and
// reads one "reed cents" line per reed from its stdout. After the last reed of
// a plate, finish_input() closes the sample pipe so the analyser sees EOF
// (without resetting the descriptor); calibrate_plate() then sends the "tail"
// sample through send_samples() anyway, and its final cleanup closes the
// sample pipe a second time. Descriptor handling in spawn_analyser()
// (dup2 and closing the unused ends on both sides, closing everything on
// each error path before returning) is correct.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <string>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

struct Analyser {
  pid_t pid = -1;
  int to_child = -1;    // write end of the sample pipe
  int from_child = -1;  // read end of the result pipe
};

static bool write_all(int fd, const void* data, size_t len) {
  const char* p = static_cast<const char*>(data);
  while (len > 0) {
    ssize_t n = ::write(fd, p, len);  // SAME: tail_sample
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
  return true;
}

bool spawn_analyser(Analyser& a, const char* exe) {
  int in[2], out[2];
  if (::pipe(in) != 0) return false;
  if (::pipe(out) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    return false;
  }
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(in[0]);
    ::close(in[1]);
    ::close(out[0]);
    ::close(out[1]);
    return false;
  }
  if (pid == 0) {
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    ::close(in[0]);
    ::close(in[1]);
    ::close(out[0]);
    ::close(out[1]);
    ::execl(exe, exe, "--cents", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  a.pid = pid;
  a.to_child = in[1];  // OK: in[1] is a different descriptor from the closed in[0]
  a.from_child = out[0];
  return true;
}

bool send_samples(Analyser& a, const std::vector<int16_t>& pcm) {
  return write_all(a.to_child, pcm.data(), pcm.size() * sizeof(int16_t));
}

void finish_input(Analyser& a) {
  ::close(a.to_child);
}

std::vector<std::string> read_results(Analyser& a) {
  std::vector<std::string> lines;
  std::string cur;
  char buf[256];
  for (;;) {
    ssize_t n = ::read(a.from_child, buf, sizeof buf);  // OK: the result pipe is still open
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    for (ssize_t i = 0; i < n; ++i) {
      if (buf[i] == '\n') { lines.push_back(cur); cur.clear(); } else { cur += buf[i]; }
    }
  }
  ::close(a.from_child);
  a.from_child = -1;
  return lines;
}

std::vector<std::string> calibrate_plate(const std::vector<std::vector<int16_t>>& reeds,
                                         const std::vector<int16_t>& tail) {
  Analyser a;
  if (!spawn_analyser(a, "/usr/lib/reedbench/pitchd")) return {};
  for (const auto& reed : reeds) {
    if (!send_samples(a, reed)) break;
  }
  finish_input(a);
  if (!tail.empty()) send_samples(a, tail);  // BUG: use-after-close #tail_sample
  std::vector<std::string> cents = read_results(a);
  int status = 0;
  ::waitpid(a.pid, &status, 0);
  if (a.from_child >= 0) ::close(a.from_child);  // OK: read_results reset it to -1
  ::close(a.to_child);  // BUG: double-close
  return cents;
}
