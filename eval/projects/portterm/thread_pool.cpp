// ThreadPool: fixed workers pulling std::function tasks from a deque. shutdown() flips
// stopping_ under the mutex exactly once, lets the workers drain the queue and joins them.
#include <exception>
#include <stdexcept>

#include "status.h"
#include "thread_pool.h"

ThreadPool::ThreadPool(std::size_t workers) {
    if (workers == 0) workers = 1;
    for (std::size_t i = 0; i < workers; ++i) workers_.emplace_back([this] { worker_loop(); });
}

ThreadPool::~ThreadPool() {
    shutdown(); // OK: idempotent, a pool already shut down returns at once
}

void ThreadPool::submit(std::function<void()> task) {
    {
        std::lock_guard<std::mutex> lk(mu_);
        if (stopping_) throw std::runtime_error("thread pool is shut down");
        tasks_.push_back(std::move(task));
    }
    cv_.notify_one();
}

void ThreadPool::worker_loop() {
    for (;;) {
        std::function<void()> task;
        {
            std::unique_lock<std::mutex> lk(mu_);
            cv_.wait(lk, [this] { return stopping_ || !tasks_.empty(); });
            if (tasks_.empty()) return;
            task = std::move(tasks_.front());
            tasks_.pop_front();
        }
        try {
            task();
        } catch (const std::exception& e) {
            log_line("pool", std::string("task failed: ") + e.what());
        }
    }
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

bool ThreadPool::stopped() const {
    std::lock_guard<std::mutex> lk(mu_);
    return stopping_;
}

std::size_t ThreadPool::pending() const {
    std::lock_guard<std::mutex> lk(mu_);
    return tasks_.size();
}
