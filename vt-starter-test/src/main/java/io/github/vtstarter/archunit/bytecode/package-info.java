/**
 * The class-file reader behind the rules, internal to them: ArchUnit's model has no monitor regions, no
 * line-level call order and no {@code if (log.isDebugEnabled())} guards, so the rules read each class file
 * themselves. {@link io.github.vtstarter.archunit.bytecode.ClassFileParser} turns one into a
 * {@link io.github.vtstarter.archunit.bytecode.BytecodeClass} (methods, call sites in order, the
 * {@link io.github.vtstarter.archunit.bytecode.MonitorRegion} each call sits in);
 * {@link io.github.vtstarter.archunit.bytecode.TypeHierarchy} answers which classes a virtual call may reach.
 * Not an API: its types are public only for {@code io.github.vtstarter.archunit} and may change in any release.
 */
package io.github.vtstarter.archunit.bytecode;
