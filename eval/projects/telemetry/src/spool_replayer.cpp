// spool_replayer.cpp: SpoolReplayer. Reads spool segments with open(2) and
// read(2) and sends their lines upstream through a Kafka producer, from tasks
// on the WorkerPool; appends each finished segment to a cursor file.
#include "telemetry/spool_replayer.h"
#include "telemetry/bounded_queue.h"
#include "telemetry/file_handle.h"
#include "telemetry/util.h"
#include "telemetry/worker_pool.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <unistd.h>

namespace telemetry {
namespace {

bool readAll(int fd, std::string &out) {
  char buf[8192];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n == 0)
      return true;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    out.append(buf, static_cast<std::size_t>(n));
  }
}

// Metric lines of a segment, without the "#" header and comment lines.
std::vector<std::string> splitLines(const std::string &data) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < data.size()) {
    std::size_t end = data.find('\n', start);
    if (end == std::string::npos)
      end = data.size();
    if (end > start && data[start] != '#')
      lines.push_back(data.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::vector<std::string> segmentLines(const std::string &path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + path);
  std::string data;
  const bool ok = readAll(fd, data);
  ::close(fd);
  if (!ok)
    throw std::runtime_error("read error on " + path);
  return splitLines(data);
}

} // namespace

SpoolReplayer::SpoolReplayer(std::string spoolDir, std::string brokers,
                             std::string topic, WorkerPool &pool,
                             std::size_t parallelism)
    : spoolDir_(std::move(spoolDir)), brokers_(std::move(brokers)),
      topic_(std::move(topic)), cursorPath_(spoolDir_ + "/replay.cursor"),
      pool_(pool), parallelism_(parallelism == 0 ? 1 : parallelism) {}

std::size_t SpoolReplayer::replayAll(const std::vector<std::string> &segments) {
  if (segments.empty())
    return 0;
  auto producer = kafka::createProducer(brokers_);

  BoundedQueue<std::string> work(segments.size());
  for (const auto &segment : segments)
    work.push(segment);
  work.close(); // the tasks drain what is queued, then see the end

  std::atomic<std::size_t> replayed{0};
  const std::size_t tasks = std::min(parallelism_, segments.size());
  try {
    for (std::size_t i = 0; i < tasks; ++i) {
      pool_.submit([this, &work, &producer, &replayed] {
        while (std::optional<std::string> segment = work.pop()) // OK: pop() drains a closed queue, only pushing is refused
          if (replaySegment(*segment, *producer))
            ++replayed;
      });
    }
  } catch (...) {
    pool_.drain(); // the tasks already queued use our locals
    throw;
  }
  pool_.drain(); // every task that uses the producer has finished
  producer->flush();
  producer->close(); // OK: the pool was drained above, nothing else uses the producer
  logInfo("replay: " + std::to_string(replayed.load()) + " of " +
          std::to_string(segments.size()) + " segments replayed");
  return replayed.load();
}

void SpoolReplayer::replayUrgent(const std::string &segment) {
  auto producer = std::make_shared<kafka::KafkaProducer>(brokers_);
  pool_.submit([this, producer, segment] {
    for (const auto &line : segmentLines(segment)) {
      producer->send(kafka::ProducerRecord{topic_, line}); // BUG: use-after-close #urgent-replay
    }
    recordProgress(segment);
  });
  logInfo("replay: urgent segment " + segment + " queued");
  producer->close(); // SAME: urgent-replay
}

bool SpoolReplayer::replaySegment(const std::string &path,
                                  kafka::KafkaProducer &producer) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    logWarn("replay: cannot open " + path + ": " + std::strerror(errno));
    return false;
  }
  std::string data;
  const bool ok = readAll(fd, data);
  if (!ok) {
    logWarn("replay: read error on " + path + ", keeping it for the next run");
    closeQuietly(fd);
  }
  // On the read-error path closeQuietly() has closed fd already.
  ::close(fd); // BUG: double-close
  if (!ok)
    return false;

  for (const auto &line : splitLines(data))
    producer.send(kafka::ProducerRecord{topic_, line});
  recordProgress(path);
  return true;
}

std::FILE *SpoolReplayer::openCursor() {
  FilePtr cursor = openFile(cursorPath_, "a");
  if (!cursor)
    return nullptr;
  if (std::setvbuf(cursor.get(), nullptr, _IOLBF, BUFSIZ) != 0) {
    logWarn("replay: cannot line-buffer " + cursorPath_);
    return nullptr; // the FilePtr closes the cursor file
  }
  return cursor.release(); // the caller owns the FILE* from here on
}

void SpoolReplayer::recordProgress(const std::string &segment) {
  std::FILE *cursor = openCursor();
  if (cursor == nullptr)
    return;
  std::fprintf(cursor, "%s %s\n", nowIso8601().c_str(), segment.c_str()); // OK: released by its FilePtr, not closed
  std::fclose(cursor);
}

} // namespace telemetry
