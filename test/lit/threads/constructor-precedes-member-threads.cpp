// A constructor that builds a member (`uploader_ = std::make_unique<...>`)
// runs before any other method of the object: the thread start() later
// stores in a member is not running yet, so what the assignment destroys
// (nothing, here) races with nothing. The same assignment in a method that
// may run beside that thread does.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <thread>

class KilnPool {
public:
  void submit(int job) {
    if (stopped_)
      throw std::runtime_error("kiln pool stopped");
    last_ = job;
  }
  void stop() { stopped_ = true; }

private:
  bool stopped_ = false;
  int last_ = 0;
};

class KilnUploader {
public:
  ~KilnUploader() { pool_.stop(); }
  void upload(int job) { pool_.submit(job); }

private:
  KilnPool pool_;
};

class KilnAgent {
public:
  KilnAgent();
  ~KilnAgent();
  void start();
  void replaceUploader();

private:
  void loop();
  std::unique_ptr<KilnUploader> uploader_;
  std::thread worker_;
  bool running_ = false;
};

KilnAgent::KilnAgent() {
  uploader_ = std::make_unique<KilnUploader>(); // no thread of this agent runs yet
  running_ = true;
}

KilnAgent::~KilnAgent() {
  running_ = false;
  if (worker_.joinable())
    worker_.join();
}

void KilnAgent::start() { worker_ = std::thread([this] { loop(); }); }

void KilnAgent::loop() {
  while (running_)
    uploader_->upload(1);
}

// Tells the loop to stop but does not wait for it.
void KilnAgent::replaceUploader() {
  running_ = false;
  uploader_ = std::make_unique<KilnUploader>();
  // CHECK: :[[@LINE-1]]:13: warning: 'uploader_.pool_' is closed while a thread that uses it may still be running
}
