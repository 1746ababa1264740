// HerdSync: pushes visits and yields to the herd database, in the background or in batches,
// and keeps a backlog while the plant runs in degraded mode.
#pragma once
#include <cstdint>
#include <future>
#include <memory>
#include <mutex>
#include <vector>

#include "herd_db.h"
#include "herd_pool.h"
#include "journal.h"
#include "records.h"
#include "status.h"
#include "worker_pool.h"

class HerdSync {
public:
    HerdSync(std::shared_ptr<HerdDb> primary, std::shared_ptr<HerdDbPool> pool, std::shared_ptr<WorkerPool> workers,
             std::shared_ptr<Journal> journal);

    void record_visit(std::uint64_t tag, long at);
    void push_later(const YieldRecord& yield);
    std::future<Status> push_async(std::vector<YieldRecord> batch);
    void keep_for_later(const YieldRecord& yield);
    Status flush();   // pushes the degraded-mode backlog and closes the day's sync window

private:
    std::shared_ptr<HerdDb> primary_;
    std::shared_ptr<HerdDbPool> pool_;
    std::shared_ptr<WorkerPool> workers_;
    std::shared_ptr<Journal> journal_;
    std::mutex mu_;
    std::vector<YieldRecord> backlog_;
};
