// Nightly maintenance runner. Jobs are stored as callables; JobRunner runs a
// batch of them on its own threads and joins those threads before runBatch()
// returns. Every job appends to a shared Journal. A Scheduler (scheduler.h)
// runs the cleanup tasks.
// Journal semantics (implemented below): append() throws std::logic_error
// once closed; close() is idempotent; rotate() closes the current file and
// opens the next one, throwing if it cannot, so a Journal is always open
// after rotate() returns.
// This file is correct: the journal is closed only after runBatch() has
// joined its threads, after Scheduler::wait() has seen every submitted task
// finish, or after Scheduler::shutdown() has joined the scheduler threads;
// appends after rotate() go to the new file; repeated close() calls are
// harmless because close() is idempotent.
#include "scheduler.h"

#include <cstdio>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class Journal {
public:
  explicit Journal(std::string base) : base_(std::move(base)) { openNext(); }
  ~Journal() { close(); } // OK: idempotent close

  void append(const std::string &line) {
    std::lock_guard<std::mutex> lock(mu_);
    if (!fp_)
      throw std::logic_error("journal closed");
    std::fprintf(fp_, "%s\n", line.c_str());
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (fp_)
      std::fclose(fp_);
    fp_ = nullptr;
  }

  void rotate() {
    close();
    openNext();
  }

  bool isOpen() const {
    std::lock_guard<std::mutex> lock(mu_);
    return fp_ != nullptr;
  }

private:
  void openNext() {
    std::lock_guard<std::mutex> lock(mu_);
    const std::string path = base_ + "." + std::to_string(generation_++);
    fp_ = std::fopen(path.c_str(), "a");
    if (!fp_)
      throw std::runtime_error("cannot open journal " + path);
  }

  mutable std::mutex mu_;
  std::string base_;
  int generation_ = 0;
  FILE *fp_ = nullptr;
};

class JobRunner {
public:
  void add(std::string name, std::function<void()> job) {
    jobs_.emplace_back(std::move(name), std::move(job));
  }

  // Runs every stored job on its own thread and returns when all are done.
  void runBatch() {
    std::vector<std::thread> threads;
    for (auto &job : jobs_)
      threads.emplace_back(job.second);
    for (std::thread &t : threads)
      t.join();
    jobs_.clear();
  }

private:
  std::vector<std::pair<std::string, std::function<void()>>> jobs_;
};

void nightly(const std::vector<std::string> &tables) {
  Journal journal("/var/log/maint/journal");
  JobRunner runner;
  for (const std::string &table : tables)
    runner.add("vacuum " + table, [&journal, table] {
      journal.append("vacuum " + table); // OK: runBatch() joins before the journal is rotated or closed
    });
  runner.runBatch();
  journal.rotate();
  journal.append("batch 1 done"); // OK: rotate() reopened the journal

  Scheduler cleanup(2);
  for (const std::string &table : tables)
    cleanup.submit([&journal, table] {
      journal.append("analyze " + table); // OK: wait() below returns only after this task finished
    });
  cleanup.wait();
  journal.close();

  journal.rotate();
  cleanup.submit([&journal] {
    journal.append("purge temp files"); // OK: shutdown() joins the threads before the close below
  });
  cleanup.shutdown();
  journal.close(); // OK: idempotent, and no task can still run
  journal.close(); // OK: idempotent close
}

int main() {
  nightly({"orders", "customers", "events"});
  return 0;
}
