import re,sys,os
libs=["hikaricp","mysql-connector-j","postgresql","logback","h2","tomcat-embed-core","hibernate-core"]
def blocking(k):
    m=re.search(r'calls blocking method <([^>]*)>',k) or re.search(r'calls <([^>]*)>',k)
    return m.group(1) if m else ''
def ident(k):
    # the finding's identity: rule + who holds the monitor (or runs the initializer) + the first call made there
    i=k.find(' and calls blocking method'); 
    if i<0: i=k.find(' calls blocking method')
    head=k[:i] if i>0 else k
    m=re.search(r' through <([^>]*)>',k)
    first=m.group(1) if m else blocking(k)
    return head+' | '+first
def classify(k):
    b=blocking(k)
    name=b.split('(')[0]
    if re.match(r'java\.io\.PrintStream\.(print|format|append)',name):
        return False,'console printing (PrintStream) on a diagnostic path: its own category, dropped by default'
    if name.endswith('.available') or name.endswith('.ready'):
        return False,'available()/ready() answer from the buffer and never wait'
    if name.endswith('.getResultSet'):
        return False,'getResultSet() returns the result execute() already fetched'
    if k.startswith('WAIT') and '.wait(' in b and not b.startswith('java.lang.Object.wait('):
        return False,'a method of its own named wait, not Object.wait()'
    holder=k.split(' holds ')[0].split(' calls ')[0]
    if 'org.h2.message.' in holder:
        if 'TraceSystem.writeFile' in holder or 'TraceSystem.write' in holder:
            return True,'H2 writes its trace file under the trace system\'s monitor (errors are traced by default)'
    elif 'org.h2.message.TraceSystem.write' in k or 'org.h2.message.TraceObject.' in k or 'org.h2.message.Trace.' in k:
        return False,'H2 trace output reached from elsewhere: runs only when the trace level is switched on'
    if ('org.h2.index.LinkedCursor' in k or 'org.h2.index.LinkedIndex' in k) and 'org.h2.table.TableLink' not in k.split(' holds ')[0]:
        return False,'resolved to a linked-table cursor/index, which this caller (not a TableLink) never has as receiver'
    if name.startswith('java.lang.Object.wait'):
        return True,'Object.wait() under its monitor pins on Java 21-23 (carrier pool grows)'
    if '.wait(' in b:
        return True,'the library\'s wait helper sleeps under the monitor'
    if re.search(r'(Lock|ReadLock|WriteLock)\.lock',name):
        return True,'Lock.lock() parks when contended, pinned under the monitor'
    if name.startswith('java.util.concurrent.Future.get') or 'Future' in name:
        return True,'waits for another thread\'s result under the monitor'
    if name.startswith('java.lang.Thread.sleep') or name.startswith('java.lang.Thread.join') or 'Sleep' in name or 'sleep' in name:
        return True,'sleeps/joins under the monitor'
    if name.startswith('java.sql') or name.startswith('com.mysql') or name.startswith('org.h2.jdbc') or name.startswith('org.postgresql'):
        return True,'JDBC call that talks to the database under the monitor'
    if name.startswith('java.net') or 'Socket' in name or 'Channel' in name:
        return True,'network I/O under the monitor'
    if name.startswith('java.io') or name.startswith('java.nio'):
        return True,'stream/file I/O under the monitor'
    return True,'blocking call of the catalogue reached under the monitor'
def load(d,lib):
    p=os.path.join(d,lib+'.actual.txt')
    return [l.rstrip('\n') for l in open(p)] if os.path.exists(p) else []
if __name__=='__main__':
    before,after,out=sys.argv[1],sys.argv[2],sys.argv[3] if len(sys.argv)>3 else None
    rows=[]
    for lib in libs:
        B=load(before,lib); A=load(after,lib)
        Aid={ident(k) for k in A}
        bt=[k for k in B if classify(k)[0]]
        at=[k for k in A if classify(k)[0]]
        # RTA-removed: before findings gone after whose identity is gone and which are not false by the other criteria
        lost=[k for k in bt if ident(k) not in Aid]
        rows.append((lib,len(B),len(bt),len(A),len(at),len(lost)))
        if out:
            with open(os.path.join(out,lib+'.lost.txt'),'w') as f: f.write('\n'.join(lost)+'\n')
    print('library before(findings,true,prec) after(findings,true,prec) before-true-identities-gone')
    for lib,nb,tb,na,ta,lo in rows:
        print(f'{lib}: {nb},{tb},{100*tb/nb if nb else 100:.0f}% -> {na},{ta},{100*ta/na if na else 100:.0f}%  gone={lo}')
