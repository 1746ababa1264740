// BillingExporter: one CSV batch per shift, written through a raw descriptor. finish()
// writes the trailer and closes the descriptor; a finished exporter can begin the next
// batch. The descriptor is adopted from an FdHandle only once the header is written.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <unistd.h>

#include "billing.h"
#include "raii.h"

namespace {

bool write_fully(int fd, const std::string& text) {
    std::size_t off = 0;
    while (off < text.size()) {
        ssize_t n = ::write(fd, text.data() + off, text.size() - off);
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        off += static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace

BillingExporter::BillingExporter(std::string out_dir) : out_dir_(std::move(out_dir)) {}

BillingExporter::~BillingExporter() {
    if (state_ == BatchState::Open) ::close(fd_); // OK: only an unfinished batch still owns its descriptor
}

Status BillingExporter::begin_batch(const std::string& shift_id) {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == BatchState::Open) return Status::error(ErrorCode::Invalid, "billing batch already open");
    std::string path = out_dir_ + "/billing-" + shift_id + ".csv";
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
    if (fd < 0) return Status::error(ErrorCode::Io, path + ": " + std::strerror(errno));
    FdHandle guard(fd);
    Status st = guard.write_all("account,container,event,amount\n");
    if (!st.ok()) return st;
    fd_ = guard.release(); // OK: released, so the guard's destructor leaves the descriptor open
    path_ = path;
    state_ = BatchState::Open;
    lines_ = 0;
    total_ = 0.0;
    return Status::success();
}

void BillingExporter::add_line(const BillingLine& line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ != BatchState::Open) throw std::runtime_error("billing batch not open");
    char amount[32];
    std::snprintf(amount, sizeof amount, "%.2f", line.amount);
    if (!write_fully(fd_, line.account + "," + line.container + "," + line.event + "," + amount + "\n"))
        throw std::runtime_error(std::string("billing write: ") + std::strerror(errno));
    ++lines_;
    total_ += line.amount;
}

Status BillingExporter::finish() {
    std::lock_guard<std::mutex> lk(mu_);
    if (state_ == BatchState::Finished) throw std::logic_error("billing batch already finished");
    if (state_ != BatchState::Open) return Status::error(ErrorCode::Invalid, "no billing batch open");
    char trailer[64];
    std::snprintf(trailer, sizeof trailer, "#lines=%zu,total=%.2f\n", lines_, total_);
    bool wrote = write_fully(fd_, trailer) && ::fsync(fd_) == 0;
    int rc = ::close(fd_);
    fd_ = -1;
    state_ = BatchState::Finished;
    if (!wrote || rc != 0) return Status::error(ErrorCode::Io, "billing batch " + path_ + " incomplete");
    return Status::success();
}

BatchState BillingExporter::state() const {
    std::lock_guard<std::mutex> lk(mu_);
    return state_;
}

std::string BillingExporter::batch_path() const {
    std::lock_guard<std::mutex> lk(mu_);
    return path_;
}

std::size_t BillingExporter::lines() const {
    std::lock_guard<std::mutex> lk(mu_);
    return lines_;
}
