#include "buildfarm/log_streamer.h"
#include "buildfarm/log_tailer.h"
#include "buildfarm/reconnecting_producer.h"
#include "buildfarm/shutdown_registry.h"

#include <chrono>
#include <cstdio>
#include <exception>
#include <utility>
#include <vector>

namespace buildfarm {

LogStreamer::LogStreamer(ReconnectingProducer &producer, std::string topic,
                         std::string spoolPath, std::string checkpointPath)
    : producer_(producer), topic_(std::move(topic)),
      spoolPath_(std::move(spoolPath)), checkpointPath_(std::move(checkpointPath)) {}

LogStreamer::~LogStreamer() {
  stop(); // OK: idempotent, the pump is joined at most once
}

bool LogStreamer::start(const std::string &jobId, const std::string &logPath) {
  stop(); // OK: harmless when the previous job's stream is already stopped
  jobId_ = jobId;
  tailer_ = std::make_unique<LogTailer>(logPath);
  if (!tailer_->open()) {
    std::fprintf(stderr, "log-streamer: cannot open %s, job %s is not streamed\n",
                 logPath.c_str(), jobId.c_str());
    tailer_.reset();
    return false;
  }
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = false;
  }
  pump_ = std::thread([this] { pump(); });
  return true;
}

void LogStreamer::pump() {
  std::vector<std::string> batch;
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    lock.unlock();
    if (tailer_->truncated() && !tailer_->reopen())
      std::fprintf(stderr, "log-streamer: cannot reopen %s after truncation\n",
                   tailer_->path().c_str());
    batch.clear();
    tailer_->readLines(batch); // BUG: use-after-close #tail_reopen
    for (const std::string &line : batch)
      ship(line);
    lock.lock();
    wake_.wait_for(lock, std::chrono::milliseconds(200), [this] { return stopping_; });
  }
}

void LogStreamer::ship(const std::string &line) {
  if (producer_.available()) {
    try {
      if (spool_ && spool_->is_open())
        replaySpool();
      producer_.send({topic_, jobId_ + " " + line});
      return;
    } catch (const std::exception &e) {
      std::fprintf(stderr, "log-streamer: send failed (%s), spooling\n", e.what());
      producer_.reconnect();
    }
  }
  spoolLine(line);
}

void LogStreamer::spoolLine(const std::string &line) {
  if (!spool_)
    spool_.emplace(spoolPath_, std::ios::app);
  *spool_ << jobId_ << ' ' << line << '\n'; // BUG: use-after-close
}

void LogStreamer::replaySpool() {
  spool_->close(); // flush what was spooled before reading it back
  std::ifstream in(spoolPath_);
  std::string line;
  std::size_t replayed = 0;
  while (std::getline(in, line)) {
    producer_.send({topic_, line});
    ++replayed;
  }
  in.close();
  std::remove(spoolPath_.c_str());
  std::fprintf(stderr, "log-streamer: replayed %zu spooled lines\n", replayed);
}

void LogStreamer::saveCheckpoint(long offset) {
  std::ofstream out(checkpointPath_, std::ios::trunc);
  out << jobId_ << ' ' << offset << '\n';
}

void LogStreamer::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (pump_.joinable())
    pump_.join();
  if (!tailer_)
    return;
  if (tailer_->isOpen()) {
    std::vector<std::string> rest;
    tailer_->readLines(rest); // OK: guarded by isOpen(), the pump thread is joined
    for (const std::string &line : rest)
      ship(line);
  }
  tailer_->close();
  if (spool_ && spool_->is_open()) {
    // Kafka is down and lines are waiting in the spool: remember how far the
    // tail got so that a restarted agent resumes from there.
    spool_->flush(); // OK: only while the spool is open
    saveCheckpoint(tailer_->offset()); // BUG: use-after-close #tail_offset
  }
  tailer_.reset();
}

void LogStreamer::publishMarker(const std::string &text) {
  producer_.send({topic_, "#marker " + text}); // SAME: streamer_final
}

void LogStreamer::registerHooks(ShutdownRegistry &hooks) {
  hooks.add("log-streamer", [this] {
    stop();
    producer_.close(); // OK: the pump thread was joined by stop()
  });
}

} // namespace buildfarm
