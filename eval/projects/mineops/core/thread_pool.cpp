// ThreadPool: fixed set of workers draining a task deque. shutdown() flips stopping_ under
// the same mutex submit() checks, so no task is accepted after it; the workers finish the
// queued tasks and are joined. A second shutdown() (e.g. from the destructor) is a no-op.
#include "thread_pool.h"

#include <exception>
#include <stdexcept>
#include <utility>

ThreadPool::ThreadPool(std::size_t workers) {
    if (workers == 0) workers = 1;
    workers_.reserve(workers);
    for (std::size_t i = 0; i < workers; ++i) {
        workers_.emplace_back([this] { workerLoop(); });
    }
}

ThreadPool::~ThreadPool() {
    shutdown(); // OK: idempotent, a no-op when the owner already shut the pool down
}

void ThreadPool::submit(std::function<void()> task) {
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopping_) throw std::runtime_error("thread pool shut down");
        tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
}

void ThreadPool::shutdown() {
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopping_) return;
        stopping_ = true;
    }
    cv_.notify_all();
    for (auto& worker : workers_) {
        if (worker.joinable()) worker.join();
    }
}

bool ThreadPool::running() const {
    std::lock_guard<std::mutex> lk(mu_);
    return !stopping_;
}

std::size_t ThreadPool::pending() const {
    std::lock_guard<std::mutex> lk(mu_);
    return tasks_.size();
}

std::size_t ThreadPool::failedTasks() const {
    return failed_.load();
}

void ThreadPool::workerLoop() {
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock<std::mutex> lk(mu_);
            cv_.wait(lk, [this] { return stopping_ || !tasks_.empty(); });
            if (tasks_.empty()) return;  // stopping and drained
            task = std::move(tasks_.front());
            tasks_.pop_front();
        }
        try {
            task();
        } catch (const std::exception&) {
            failed_.fetch_add(1);
        }
    }
}
