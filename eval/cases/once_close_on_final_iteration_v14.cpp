// Chunked backup uploader. uploadChunks() sends every chunk over the upload
// connection and closes it inside the loop only in the iteration that handles
// the last chunk; writeWithRetry() retries a short write on the same
// descriptor and closes it only right before returning; scanManifests() opens
// and closes one FILE* per iteration; shutdownProducers() closes a different
// producer in each iteration (KafkaProducer::close() twice is an error).
// net::Connection::send() throws once closed. Each object is closed once and
// nothing is used after its close: a negative case.
#include "messaging.h"
#include "netconn.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

void uploadChunks(net::Connection &conn, const std::vector<std::string> &chunks) {
  for (size_t i = 0; i < chunks.size(); ++i) {
    conn.send(chunks[i]); // OK: the close below runs only in the final iteration
    if (i + 1 == chunks.size()) {
      conn.flush();
      conn.close();
    }
  }
}

bool writeWithRetry(int fd, const std::string &buf) {
  constexpr int kMaxAttempts = 5;
  for (int attempt = 0;; ++attempt) {
    ssize_t n = ::write(fd, buf.data(), buf.size()); // OK: every close is followed by return
    if (n == static_cast<ssize_t>(buf.size())) {
      ::close(fd);
      return true;
    }
    bool transient = n < 0 && (errno == EAGAIN || errno == EINTR);
    if (!transient || attempt + 1 == kMaxAttempts) {
      ::close(fd);
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100 << attempt));
  }
}

long scanManifests(const std::vector<std::string> &paths) {
  long entries = 0;
  for (const std::string &path : paths) {
    std::FILE *fp = std::fopen(path.c_str(), "r");
    if (!fp)
      continue;
    char line[512];
    while (std::fgets(line, sizeof line, fp)) // OK: fp is opened anew in this iteration
      ++entries;
    std::fclose(fp); // OK: each iteration closes its own file
  }
  return entries;
}

void shutdownProducers(std::vector<std::unique_ptr<kafka::KafkaProducer>> &producers) {
  for (auto &p : producers) {
    p->flush();
    p->close(); // OK: a different producer in every iteration
  }
  producers.clear();
}

bool drainStatus(net::Connection &status, std::vector<std::string> &pending) {
  bool done = false;
  while (!done) {
    if (pending.empty()) {
      status.close();
      done = true;
      continue;
    }
    status.send(pending.back()); // OK: the loop ends right after the close
    pending.pop_back();
  }
  return true;
}

int main(int argc, char **argv) {
  std::vector<std::string> chunks = {"chunk-0", "chunk-1", "chunk-2"};
  net::Connection upload("backup.internal:8443");
  uploadChunks(upload, chunks);
  long manifests = scanManifests({"/var/backup/a.manifest", "/var/backup/b.manifest"});
  std::vector<std::unique_ptr<kafka::KafkaProducer>> producers;
  producers.push_back(kafka::createProducer("kafka-a:9092"));
  producers.push_back(kafka::createProducer("kafka-b:9092"));
  producers.back()->send({"backup-events", "manifests=" + std::to_string(manifests)});
  shutdownProducers(producers);
  net::Connection status("backup.internal:8444");
  std::vector<std::string> pending = {"started", "uploaded"};
  drainStatus(status, pending);
  int logFd = ::open(argc > 1 ? argv[1] : "/var/backup/upload.log",
                     O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (logFd >= 0 && writeWithRetry(logFd, "uploaded\n"))
    std::fprintf(stderr, "upload logged\n");
  return 0;
}
