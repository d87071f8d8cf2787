package io.github.vtstarter.watchdog;

import java.time.Duration;

/**
 * One episode of scheduling lag, told when it ends: from the first probe that waited longer than the lag
 * threshold to the last one, followed by a quiet period.
 *
 * @param worst the worst state of the episode
 * @param duration from its first lagging probe to its last
 * @param maxLag the longest a probe waited
 * @param completedTasks tasks the counted executors completed (or failed) meanwhile: the work done while others
 * waited
 */
public record EpisodeSummary(SchedulerState worst, Duration duration, Duration maxLag, long completedTasks) {

}
