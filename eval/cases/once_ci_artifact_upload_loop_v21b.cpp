// CI artifact uploader: after a pipeline finishes, shard indexes are written
// to an index FILE* and test logs are streamed to the artifact store over a
// socket descriptor, with a per-job byte quota. writeIndex() closes the index
// inside the loop under `i == last`, which runs once, after the last write.
// uploadWithRetry() closes a failed connection in the retry loop and opens a
// new one on the next attempt. Defect: streamLogs() closes the socket when the
// quota is reached but has no break, so the next chunk is written to the
// closed descriptor and the quota test closes it again.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace ci {

struct Shard {
  std::string name;
  size_t tests = 0;
  bool passed = true;
};

bool writeIndex(const std::string &path, const std::vector<Shard> &shards) {
  if (shards.empty())
    return false;
  FILE *index = std::fopen(path.c_str(), "w");
  if (!index)
    return false;
  const size_t last = shards.size() - 1;
  for (size_t i = 0; i < shards.size(); ++i) {
    std::fprintf(index, "%s %zu %s\n", shards[i].name.c_str(), shards[i].tests,
                 shards[i].passed ? "pass" : "fail"); // OK: the index is closed only after the last write
    if (i == last) {
      std::fprintf(index, "END %zu\n", shards.size());
      std::fclose(index); // OK: i == last holds in exactly one iteration
    }
  }
  return true;
}

static int connectStore(const char *ip, unsigned short port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0)
    return -1;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  ::inet_pton(AF_INET, ip, &a.sin_addr);
  if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Streams log chunks until the job's quota is used up; takes ownership of fd
// and closes it (when the quota is hit, or after the last chunk).
size_t streamLogs(int fd, const std::vector<std::string> &chunks, size_t quota) {
  size_t sent = 0;
  for (const std::string &c : chunks) {
    ::send(fd, c.data(), c.size(), MSG_NOSIGNAL); // BUG: use-after-close
    sent += c.size();
    if (sent >= quota) {
      std::fprintf(stderr, "artifact quota of %zu bytes reached\n", quota);
      ::close(fd); // BUG: double-close
    }
  }
  if (sent < quota)
    ::close(fd); // OK: the in-loop close ran only if sent reached the quota
  return sent;
}

// Uploads one artifact, reconnecting up to three times.
bool uploadWithRetry(const std::string &artifact) {
  const int maxAttempts = 3;
  for (int attempt = 0; attempt < maxAttempts; ++attempt) {
    int fd = connectStore("10.0.8.15", 9400);
    if (fd < 0)
      continue;
    ssize_t n = ::send(fd, artifact.data(), artifact.size(), MSG_NOSIGNAL);
    ::close(fd); // OK: each attempt closes the descriptor it opened itself
    if (n == static_cast<ssize_t>(artifact.size()))
      return true;
    if (attempt == maxAttempts - 1)
      std::fprintf(stderr, "giving up after %d attempts\n", maxAttempts);
  }
  return false;
}

int publishPipeline(const std::vector<Shard> &shards, const std::vector<std::string> &logs) {
  if (!writeIndex("/tmp/pipeline-4411.index", shards))
    return 1;
  int fd = connectStore("10.0.8.15", 9400);
  if (fd < 0)
    return 2;
  size_t sent = streamLogs(fd, logs, 64 * 1024);
  std::printf("streamed %zu log bytes\n", sent);
  return uploadWithRetry("junit.xml") ? 0 : 3;
}

} // namespace ci
