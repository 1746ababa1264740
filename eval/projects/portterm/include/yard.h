// YardPlanner allocates stacking slots and re-plans on the terminal's thread pool;
// YardSync keeps the straddle carriers' jobs in step with the yard plan.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "straddle.h"
#include "thread_pool.h"

class YardPlanner : public std::enable_shared_from_this<YardPlanner> {
public:
    YardPlanner(std::shared_ptr<ThreadPool> pool, std::string plan_path);

    std::string allocate_slot(const std::string& container, int weight_class);   // throws once sealed
    void release_slot(const std::string& container);
    void replan_async();
    void checkpoint_async();
    void seal();          // writes the final plan; idempotent
    bool sealed() const;
    std::string summary() const;

private:
    void replan();

    std::shared_ptr<ThreadPool> pool_;
    std::string plan_path_;
    mutable std::mutex mu_;
    std::map<std::string, std::string> slots_;
    int next_index_ = 0;
    bool sealed_ = false;
    int replans_ = 0;
};

class YardSync {
public:
    YardSync(std::shared_ptr<YardPlanner> planner, std::shared_ptr<StraddleDispatcher> straddles);

    void move_to_yard(int carrier, const std::string& container, const std::string& from_slot);
    void handle_breakdown(int carrier);
    void start_of_shift(const std::map<int, int>& radio_fds);
    void end_of_shift();
    int reassign_idle(const std::string& container, const std::string& from_slot);

private:
    static std::string park_slot_for(int carrier);

    std::shared_ptr<YardPlanner> planner_;
    std::shared_ptr<StraddleDispatcher> straddles_;
};
