// Journal: append-only event journal on a raw descriptor (held by FdHandle), with an
// exclusive flock so two control-room instances never interleave records. fsyncs are
// scheduled on the shared thread pool; the pool task holds only a weak reference.
#include "journal.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "thread_pool.h"

Journal::Journal(std::string path, std::shared_ptr<ThreadPool> pool) : path_(std::move(path)), pool_(std::move(pool)) {}

Status Journal::open() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_.valid()) return Status::Ok();
    const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    if (fd < 0) return Status::Error("journal " + path_ + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd); // OK: the descriptor never reached fd_, and we return right after
        return Status::Error("journal " + path_ + " is locked by another control-room instance");
    }
    fd_.reset(fd);
    sealed_.store(false);
    return Status::Ok();
}

Status Journal::append(const std::string& line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (sealed_.load() || !fd_.valid()) return Status::Error("journal " + path_ + " is sealed");
    const std::string record = line + "\n";
    const char* p = record.data();
    std::size_t left = record.size();
    while (left > 0) {
        const ssize_t n = ::write(fd_.get(), p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return Status::Error("journal " + path_ + ": write failed: " + std::strerror(errno));
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    return Status::Ok();
}

void Journal::flushAsync() {
    std::weak_ptr<Journal> weak = weak_from_this();
    pool_->submit([weak] { if (auto self = weak.lock()) self->syncNow(); }); // SAME: journal-async
}

void Journal::syncNow() {
    std::lock_guard<std::mutex> lk(mu_);
    if (fd_.valid()) ::fsync(fd_.get()); // OK: checked under mu_; seal() resets fd_ under the same lock
}

Status Journal::seal() {
    std::lock_guard<std::mutex> lk(mu_);
    if (sealed_.exchange(true)) return Status::Error("journal " + path_ + " already sealed");
    if (fd_.valid()) ::fsync(fd_.get());
    fd_.reset();
    return Status::Ok();
}

bool Journal::sealed() const {
    return sealed_.load();
}
