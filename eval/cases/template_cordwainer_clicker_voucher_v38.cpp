// A cordwainer's workshop: the clicker cuts leather from CuttingTickets, the closer
// stitches uppers from StitchTickets. Work moves through WorkQueue<T> (push/pop throw once
// the queue is sealed; sealing twice throws) and repair vouchers come from a fixed-size
// VoucherPool<T, N> whose drain() is documented idempotent. At the end of the shift the
// workshop seals the cutting queue through the seal() template and then still pushes the
// late cutting ticket into it, close_books seals the stitching queue a second time, and
// late_voucher acquires from the pool right after draining it.
#include <array>
#include <cstddef>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>

template <typename T>
class WorkQueue {
 public:
  void push(T item) {
    if (sealed_) throw std::runtime_error("work queue sealed");
    items_.push_back(std::move(item));
  }
  std::optional<T> pop() {
    if (sealed_) throw std::runtime_error("work queue sealed");
    if (items_.empty()) return std::nullopt;
    T front = std::move(items_.front());
    items_.pop_front();
    return front;
  }
  void close() {
    if (sealed_) throw std::runtime_error("work queue sealed twice");
    sealed_ = true;
  }
  bool closed() const { return sealed_; }

 private:
  std::deque<T> items_;
  bool sealed_ = false;
};

template <typename T, std::size_t N>
class VoucherPool {
 public:
  T* acquire() {
    if (drained_) throw std::runtime_error("voucher pool drained");
    for (std::size_t i = 0; i < N; ++i) {
      if (!used_[i]) {
        used_[i] = true;
        return &slots_[i];
      }
    }
    return nullptr;
  }
  // Idempotent: a second drain() is a no-op.
  void drain() {
    if (drained_) return;
    drained_ = true;
    used_.fill(false);
  }
  bool drained() const { return drained_; }

 private:
  std::array<T, N> slots_{};
  std::array<bool, N> used_{};
  bool drained_ = false;
};

template <typename Q>
void seal(Q& q) {
  q.close();
}

template <typename Q, typename T>
bool offer(Q& q, T item) {
  if (q.closed()) return false;
  q.push(std::move(item));  // OK: checked closed() first
  return true;
}

struct CuttingTicket {
  std::string last;
  int pairs = 0;
};
struct StitchTicket {
  std::string upper;
};
struct Voucher {
  int number = 0;
};

class Workshop {
 public:
  void end_of_shift(const CuttingTicket& late) {
    seal(cutting_);
    stitching_.push({"oxford brogue"});  // OK: a different queue
    cutting_.push(late);  // BUG: use-after-close
  }

  void end_of_shift_checked(const CuttingTicket& late) {
    seal(cutting_);
    if (!offer(cutting_, late)) offer(stitching_, StitchTicket{late.last});  // OK: offer() checks closed()
  }

  void close_books() {
    seal(stitching_);
    vouchers_.drain();
    vouchers_.drain();  // OK: drain() is idempotent
    stitching_.close();  // BUG: double-close
  }

  void close_books_once() {
    if (!stitching_.closed()) seal(stitching_);  // OK: guarded
    if (!cutting_.closed()) cutting_.close();  // OK: guarded
  }

  void issue_voucher() {
    if (vouchers_.drained()) return;
    if (Voucher* v = vouchers_.acquire()) v->number = ++issued_;  // OK: checked drained()
  }

  void late_voucher() {
    vouchers_.drain();
    Voucher* v = vouchers_.acquire();  // BUG: use-after-close
    if (v) v->number = ++issued_;
  }

  void clicker_loop() {
    while (!cutting_.closed()) {
      auto t = cutting_.pop();  // OK: loop condition checks closed()
      if (!t) break;
      cut_pairs_ += t->pairs;
    }
  }

 private:
  WorkQueue<CuttingTicket> cutting_;
  WorkQueue<StitchTicket> stitching_;
  VoucherPool<Voucher, 8> vouchers_;
  int issued_ = 0;
  int cut_pairs_ = 0;
};
