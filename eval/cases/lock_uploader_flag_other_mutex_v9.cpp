// The uploader thread checks stopping_ under queueMu_ and then writes the
// chunk to the spool file under ioMu_. shutdown() sets stopping_ and closes
// the spool under ioMu_ only. The thread can pass its check, lose the CPU
// while shutdown() closes the file, then take ioMu_ and fwrite to the closed
// FILE* (bug: the write in the thread is the use, the fclose its close).
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

class ChunkUploader {
public:
  explicit ChunkUploader(FILE *spool) : spool_(spool) {
    worker_ = std::thread([this] { run(); });
  }

  void submit(std::string chunk) {
    {
      std::lock_guard<std::mutex> lock(queueMu_);
      chunks_.push_back(std::move(chunk));
    }
    cv_.notify_one();
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> lock(ioMu_);
      stopping_ = true;
      std::fclose(spool_); // SAME: spool
    }
    cv_.notify_all();
    worker_.join();
  }

private:
  void run() {
    for (;;) {
      std::string chunk;
      {
        std::unique_lock<std::mutex> lock(queueMu_);
        cv_.wait(lock, [this] { return stopping_ || !chunks_.empty(); });
        if (stopping_)
          return;
        chunk = std::move(chunks_.front());
        chunks_.pop_front();
      }
      std::lock_guard<std::mutex> io(ioMu_);
      std::fwrite(chunk.data(), 1, chunk.size(), spool_); // BUG: use-after-close #spool
    }
  }

  FILE *spool_;
  std::mutex queueMu_;
  std::mutex ioMu_;
  std::condition_variable cv_;
  std::deque<std::string> chunks_;
  bool stopping_ = false;
  std::thread worker_;
};
