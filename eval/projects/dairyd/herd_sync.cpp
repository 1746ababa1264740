// HerdSync: moves parlour data to the herd database. record_visit() goes through a pooled
// session; push_later() queues a yield on the worker pool with the primary session;
// push_async() pushes a whole batch on its own thread; keep_for_later() and flush() carry the
// degraded-mode backlog, flush() also closing the day's sync window.
#include "herd_sync.h"

#include <ctime>
#include <string>
#include <utility>

namespace {
constexpr std::uint64_t kSyncMarkTag = 0;
}

HerdSync::HerdSync(std::shared_ptr<HerdDb> primary, std::shared_ptr<HerdDbPool> pool, std::shared_ptr<WorkerPool> workers,
                   std::shared_ptr<Journal> journal)
    : primary_(std::move(primary)), pool_(std::move(pool)), workers_(std::move(workers)), journal_(std::move(journal)) {}

void HerdSync::record_visit(std::uint64_t tag, long at) {
    HerdDbPool::Lease lease = pool_->acquire();
    Result<CowRecord> cow = lease->lookup_cow(tag);
    if (!cow.ok() && cow.status().code() != Code::NotFound) {
        journal_->append("herd: " + cow.status().message() + ", dropping the session");
        lease->disconnect();   // never hand a confused session back to the pool
    }
    lease->push_visit(tag, at);   // BUG: use-after-close
}

void HerdSync::push_later(const YieldRecord& yield) {
    std::shared_ptr<HerdDb> db = primary_;
    workers_->post([db, yield] {
        db->push_yield(yield.cow_no, yield.litres);   // BUG: use-after-close #degraded_race
    });
}

std::future<Status> HerdSync::push_async(std::vector<YieldRecord> batch) {
    std::shared_ptr<HerdDb> db = primary_;
    return std::async(std::launch::async, [db, batch = std::move(batch)]() {
        for (const YieldRecord& y : batch) {
            Status st = db->push_yield(y.cow_no, y.litres);   // BUG: use-after-close #herd_async
            if (!st.ok()) return st;
        }
        return Status();
    });
}

void HerdSync::keep_for_later(const YieldRecord& yield) {
    std::lock_guard<std::mutex> lk(mu_);
    backlog_.push_back(yield);
}

Status HerdSync::flush() {
    std::vector<YieldRecord> pending;
    {
        std::lock_guard<std::mutex> lk(mu_);
        pending.swap(backlog_);
    }
    HerdDbPool::Lease lease = pool_->acquire();   // SAME: herd_flush
    for (const YieldRecord& y : pending) {
        Status st = lease->push_yield(y.cow_no, y.litres);
        if (!st.ok()) return st;
    }
    return lease->push_visit(kSyncMarkTag, static_cast<long>(std::time(nullptr)));
}
