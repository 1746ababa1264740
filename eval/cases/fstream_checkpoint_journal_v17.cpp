// Key-value store persistence: every mutation is appended to a journal file;
// compact() writes a checkpoint of the whole map and truncates the journal;
// a background thread flushes the journal every 100 ms. A journal line that
// is not written is a lost update after a crash.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <mutex>
#include <string>
#include <thread>

class Store {
public:
  explicit Store(std::string dir)
      : dir_(std::move(dir)), journal_(dir_ + "/journal.log", std::ios::app) {}

  void startFlusher() {
    running_ = true;
    flusher_ = std::thread([this] {
      while (running_) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        std::lock_guard<std::mutex> lock(journalMu_);
        journal_.flush(); // BUG: use-after-close #flushrace
      }
    });
  }

  void put(const std::string &key, const std::string &value) {
    std::lock_guard<std::mutex> lock(journalMu_);
    data_[key] = value;
    journal_ << "PUT " << key << " " << value << "\n"; // SAME: lostput
    ++sinceCheckpoint_;
  }

  // Writes checkpoint.dat and starts an empty journal. When nothing changed
  // since the last checkpoint the journal is already empty.
  bool compact() {
    std::lock_guard<std::mutex> lock(journalMu_);
    const std::string tmp = dir_ + "/checkpoint.tmp";
    {
      std::ofstream cp(tmp, std::ios::trunc);
      for (const auto &kv : data_)
        cp << kv.first << "\t" << kv.second << "\n";
      cp.close();
      if (cp.fail()) // OK: a state query after close() reports the write result
        return false;
    }
    if (std::rename(tmp.c_str(), (dir_ + "/checkpoint.dat").c_str()) != 0)
      return false;
    journal_.close();
    if (sinceCheckpoint_ > 0) {
      journal_.open(dir_ + "/journal.log", std::ios::trunc);
      journal_ << "# checkpoint\n"; // OK: reopened just above
    }
    sinceCheckpoint_ = 0;
    return true;
  }

  // Reloads checkpoint + journal; used at startup.
  void recover() {
    std::lock_guard<std::mutex> lock(journalMu_);
    std::ifstream cp(dir_ + "/checkpoint.dat");
    std::string key, value;
    while (std::getline(cp, key, '\t') && std::getline(cp, value))
      data_[key] = value;
    cp.close();
    std::ifstream log(dir_ + "/journal.log");
    std::string op;
    while (log >> op >> key >> value) // OK: log is a different stream from cp
      if (op == "PUT")
        data_[key] = value;
  }

  void shutdown() {
    journal_.close(); // SAME: flushrace
    running_ = false;
    if (flusher_.joinable())
      flusher_.join();
  }

  // Variant used by the tests: joins the flusher before closing.
  void shutdownJoined() {
    running_ = false;
    if (flusher_.joinable())
      flusher_.join();
    std::lock_guard<std::mutex> lock(journalMu_);
    if (journal_.is_open())
      journal_.close(); // OK: the flusher thread is joined
  }

private:
  std::string dir_;
  std::ofstream journal_;
  std::mutex journalMu_;
  std::map<std::string, std::string> data_;
  long sinceCheckpoint_ = 0;
  std::atomic<bool> running_{false};
  std::thread flusher_;
};

int main() {
  Store store("/tmp");
  store.recover();
  store.startFlusher();
  store.put("a", "1");
  store.compact();
  store.compact();
  store.put("b", "2"); // BUG: use-after-close #lostput
  store.shutdown();
  return 0;
}
