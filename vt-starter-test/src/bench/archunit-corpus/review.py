import sys,os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from classify import classify, load, ident, libs
before,after,res=sys.argv[1],sys.argv[2],sys.argv[3]
tot={'b':[0,0],'a':[0,0]}
print('| library | findings before | true before | precision before | findings after | true after | precision after | recall after |')
print('|---|---|---|---|---|---|---|---|')
for lib in libs:
    B=load(before,lib); A=load(after,lib)
    Aid={ident(k) for k in A}
    def cls(k, isbefore):
        t,r=classify(k)
        if isbefore and t and ident(k) not in Aid:
            # Each of these was read in the library's bytecode (javap) when it disappeared.
            if k.startswith('BLOCKING Method <org.h2.table.TableLink.execute('):
                return False,'builds debug trace text, only when H2 debug tracing is on (if trace.isDebugEnabled())'
            return False,'writes to or reads from an in-memory stream (byte array, string) through a JDK decorator'
        return t,r
    bt={ident(k) for k in B if cls(k,True)[0]}
    at={ident(k) for k in A if cls(k,False)[0]}
    nbt=sum(1 for k in B if cls(k,True)[0]); nat=sum(1 for k in A if cls(k,False)[0])
    recall = len(bt & at)/len(bt) if bt else 1.0
    tot['b'][0]+=len(B); tot['b'][1]+=nbt; tot['a'][0]+=len(A); tot['a'][1]+=nat
    p=lambda t,n: f'{100*t/n:.0f}%' if n else 'n/a'
    print(f'| {lib} | {len(B)} | {nbt} | {p(nbt,len(B))} | {len(A)} | {nat} | {p(nat,len(A))} | {100*recall:.0f}% |')
    with open(os.path.join(res,lib+'.txt'),'w') as f:
        f.write(f'# Reviewed findings of the Java 21 rules on {lib} (ArchUnitCorpusTest). One line per finding:\n')
        f.write('# TRUE|FALSE <finding key> — reason. Keys: rule, then the message without advice and line numbers.\n')
        f.write('# Review criteria: docs/archunit.md, "Precision on real libraries".\n')
        for k in A:
            t,r=cls(k,False)
            f.write(('TRUE ' if t else 'FALSE ')+k+' — '+r+'\n')
print(f"| all | {tot['b'][0]} | {tot['b'][1]} | {100*tot['b'][1]/tot['b'][0]:.0f}% | {tot['a'][0]} | {tot['a'][1]} | {100*tot['a'][1]/tot['a'][0]:.0f}% | |")
