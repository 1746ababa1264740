// A lepidopterist's checklist publisher: species names are validated by a pool
// of worker threads and pushed to the national taxon service through
// TaxonServiceLink (send() after close() throws "send on closed taxon link").
// Negative case, because of what the methods really do:
//  - TaxonServiceLink::close() is idempotent, and resume() always reopens;
//  - ChecklistBuilder::close_genus() only writes a section footer: the builder
//    (and the link it feeds) stays usable;
//  - GenusIndexPool::finish() joins its threads, so every queued task's send
//    has run before the link is closed.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class TaxonServiceLink {
public:
  void send(const std::string &line) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_)
      throw std::runtime_error("send on closed taxon link");
    sent_.push_back(line);
  }
  void close() {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true; // closing twice is harmless
  }
  void resume() {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = false;
    ++sessions_;
  }

private:
  std::mutex mutex_;
  std::vector<std::string> sent_;
  int sessions_ = 1;
  bool closed_ = false;
};

class ChecklistBuilder {
public:
  explicit ChecklistBuilder(TaxonServiceLink &link) : link_(link) {}
  void add_species(const std::string &genus, const std::string &epithet) {
    if (genus != genus_) {
      close_genus();
      genus_ = genus;
      link_.send("GENUS " + genus);
    }
    link_.send("  " + genus + " " + epithet);
  }
  void close_genus() {
    if (!genus_.empty())
      link_.send("END " + genus_);
    genus_.clear();
  }

private:
  TaxonServiceLink &link_;
  std::string genus_;
};

class GenusIndexPool {
public:
  explicit GenusIndexPool(unsigned n) {
    for (unsigned i = 0; i < n; ++i)
      threads_.emplace_back([this] { loop(); });
  }
  void submit(std::function<void()> task) {
    std::lock_guard<std::mutex> lock(mutex_);
    tasks_.push_back(std::move(task));
    cv_.notify_one();
  }
  void finish() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    for (std::thread &t : threads_)
      t.join();
    threads_.clear();
  }
  ~GenusIndexPool() { finish(); }

private:
  void loop() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        cv_.wait(lock, [this] { return done_ || !tasks_.empty(); });
        if (tasks_.empty())
          return;
        task = std::move(tasks_.front());
        tasks_.pop_front();
      }
      task();
    }
  }
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  std::vector<std::thread> threads_;
  bool done_ = false;
};

struct LepidopteristName {
  std::string genus, epithet;
};

void publish_checklist(TaxonServiceLink &link, const std::vector<LepidopteristName> &names) {
  ChecklistBuilder builder(link);
  for (const LepidopteristName &n : names)
    builder.add_species(n.genus, n.epithet);
  builder.close_genus();
  link.send("CHECKLIST-END"); // OK: close_genus() only wrote a footer
}

void validate_in_pool(TaxonServiceLink &link, const std::vector<LepidopteristName> &names) {
  GenusIndexPool pool(2);
  for (const LepidopteristName &n : names)
    pool.submit([&link, n] { link.send("VALIDATE " + n.genus + " " + n.epithet); }); // OK: finish() joins before close()
  pool.finish();
  link.close();
  link.close(); // OK: close() is idempotent
}

void nightly_sync(TaxonServiceLink &link, const std::vector<LepidopteristName> &names) {
  validate_in_pool(link, names);
  link.resume();
  link.send("SYNC-BEGIN"); // OK: resume() always reopens the link
  publish_checklist(link, names); // OK: same reopened link
  link.close();
}
